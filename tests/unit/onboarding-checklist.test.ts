import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/api/account';
import { onboardingChecklist } from '../../src/app/features/home/onboarding';

/** Home's 口座開設 checklist (docs/domain.md "Onboarding"): states, what a step waits for, the next step. */
const base: UserInfo = {
  id: 'u1', phone: '09011112222', state: 'active', stateReason: null, inviteCode: 'Z9WTWTB8', isAdmin: false,
  fundPasswordSet: false, kycStatus: 'not_verified', onboarding: { bankAccount: false, deposit: 'none' }, createdAt: 0,
};
const user = (over: Partial<UserInfo>): UserInfo => ({ ...base, ...over });
const states = (u: UserInfo) => onboardingChecklist(u)?.steps.map((s) => [s.id, s.state, s.needs]);

describe('onboarding checklist', () => {
  it('a new user: KYC first; the bank account waits for KYC and the fund password, the deposit for KYC', () => {
    expect(states(base)).toEqual([
      ['kyc', 'todo', []],
      ['fundPassword', 'todo', []],
      ['bankAccount', 'blocked', ['kyc', 'fundPassword']],
      ['deposit', 'blocked', ['kyc']],
    ]);
    expect(onboardingChecklist(base)).toMatchObject({ done: 0, next: 'kyc' });
  });

  it('KYC under review: 審査中, and the next thing to do is the fund password', () => {
    const u = user({ kycStatus: 'under_review' });
    expect(onboardingChecklist(u)).toMatchObject({ done: 0, next: 'fundPassword' });
    expect(states(u)?.[0]).toEqual(['kyc', 'review', []]);
    // Once the fund password is set, only staff can move things on.
    expect(onboardingChecklist({ ...u, fundPasswordSet: true })).toMatchObject({ done: 1, next: null });
  });

  it('a failed KYC is to do again', () => {
    expect(onboardingChecklist(user({ kycStatus: 'failed' }))).toMatchObject({ next: 'kyc' });
  });

  it('advances step by step and is gone when all four are done', () => {
    const verified = user({ kycStatus: 'verified' });
    expect(onboardingChecklist(verified)).toMatchObject({ done: 1, next: 'fundPassword' });
    expect(states(verified)?.[2]).toEqual(['bankAccount', 'blocked', ['fundPassword']]);
    const withPassword = { ...verified, fundPasswordSet: true };
    expect(onboardingChecklist(withPassword)).toMatchObject({ done: 2, next: 'bankAccount' });
    const withBank = { ...withPassword, onboarding: { bankAccount: true, deposit: 'none' as const } };
    expect(onboardingChecklist(withBank)).toMatchObject({ done: 3, next: 'deposit' });
    const pending = { ...withBank, onboarding: { bankAccount: true, deposit: 'pending' as const } };
    expect(onboardingChecklist(pending)).toMatchObject({ done: 3, next: null });
    expect(states(pending)?.[3]).toEqual(['deposit', 'review', []]);
    expect(onboardingChecklist({ ...withBank, onboarding: { bankAccount: true, deposit: 'approved' } })).toBeNull();
  });

  it('none for an admin, nor when the server sends no onboarding facts', () => {
    expect(onboardingChecklist(user({ isAdmin: true }))).toBeNull();
    expect(onboardingChecklist(user({ onboarding: undefined }))).toBeNull();
  });
});
