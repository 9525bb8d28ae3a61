import type { UserInfo } from '../../../shared/api/account';

/*
 * The 口座開設 checklist (docs/domain.md "Onboarding"), a pure function of `user/info`. The steps are
 * in the order the server lets them be done: a bank account needs a verified identity and the fund
 * password (cash/service.ts), a deposit a verified identity (cash/deposits.ts), the fund password
 * nothing but the login password.
 */
export type StepId = 'kyc' | 'fundPassword' | 'bankAccount' | 'deposit';
/** done 完了; review 審査中 (staff are looking at it); todo 未完了; blocked: an earlier step first. */
export type StepState = 'done' | 'review' | 'todo' | 'blocked';

export interface Step {
  id: StepId;
  state: StepState;
  /** For a blocked step: the earlier steps it waits for, not yet done. */
  needs: StepId[];
}

export interface Checklist {
  steps: Step[];
  done: number;
  /** The first step the user can act on now, or null when only staff can move things on. */
  next: StepId | null;
}

const NEEDS: Record<StepId, StepId[]> = {
  kyc: [],
  fundPassword: [],
  bankAccount: ['kyc', 'fundPassword'],
  deposit: ['kyc'],
};

const ORDER: StepId[] = ['kyc', 'fundPassword', 'bankAccount', 'deposit'];

function ownState(id: StepId, u: UserInfo, onboarding: NonNullable<UserInfo['onboarding']>): StepState {
  switch (id) {
    case 'kyc':
      return u.kycStatus === 'verified' ? 'done' : u.kycStatus === 'under_review' ? 'review' : 'todo';
    case 'fundPassword':
      return u.fundPasswordSet ? 'done' : 'todo';
    case 'bankAccount':
      return onboarding.bankAccount ? 'done' : 'todo';
    case 'deposit':
      return onboarding.deposit === 'approved' ? 'done' : onboarding.deposit === 'pending' ? 'review' : 'todo';
  }
}

/**
 * The checklist of `u`, or null when there is none to show: an admin (staff, not a customer), a
 * server that does not send the facts, or every step done.
 */
export function onboardingChecklist(u: UserInfo): Checklist | null {
  const onboarding = u.onboarding;
  if (!onboarding || u.isAdmin) return null;
  const own = new Map(ORDER.map((id) => [id, ownState(id, u, onboarding)]));
  const steps = ORDER.map((id): Step => {
    const state = own.get(id)!;
    const needs = NEEDS[id].filter((n) => own.get(n) !== 'done');
    return { id, state: state === 'todo' && needs.length > 0 ? 'blocked' : state, needs: state === 'todo' ? needs : [] };
  });
  const done = steps.filter((s) => s.state === 'done').length;
  if (done === steps.length) return null;
  return { steps, done, next: steps.find((s) => s.state === 'todo')?.id ?? null };
}
