import { describe, expect, it } from 'vitest';
import {
  checkFundPassword,
  checkInvite,
  checkNewPassword,
  checkPhone,
  checkRepeat,
  checkRequiredPassword,
  digitsOnly,
  normalizeInvite,
  normalizePhone,
} from '../../src/app/components/forms/validation';
import {
  aboutSearch,
  codeSearch,
  fundRecordSearch,
  idSearch,
  inviteSearch,
  marketSearch,
  redirectSearch,
} from '../../src/app/routes/-lib/search';
import { safeRedirect } from '../../src/app/routes/-lib/guards';

describe('registration and password rules (docs/product.md "Validation")', () => {
  it('phone: required, 8–15 digits, decoration removed', () => {
    expect(checkPhone('')).toBe('phone_required');
    expect(checkPhone('   ')).toBe('phone_required');
    expect(checkPhone('123')).toBe('phone_format');
    expect(checkPhone('09011112222')).toBeNull();
    expect(checkPhone('090-1111-2222')).toBeNull();
    expect(checkPhone('０９０１１１１２２２２')).toBeNull();
    expect(checkPhone('+819011112222')).toBeNull();
    expect(checkPhone('090abcd2222')).toBe('phone_format');
    expect(normalizePhone(' 090 1111-2222 ')).toBe('09011112222');
  });

  it('password: 8 to 64 characters; repeat must match', () => {
    expect(checkNewPassword('')).toBe('password_required');
    expect(checkNewPassword('1234567')).toBe('password_length');
    expect(checkNewPassword('12345678')).toBeNull();
    expect(checkNewPassword('x'.repeat(64))).toBeNull();
    expect(checkNewPassword('x'.repeat(65))).toBe('password_length');
    // the list-free parts of the policy run in the form; the common-passwords list stays on the server
    expect(checkNewPassword('        ')).toBe('password_blank');
    expect(checkNewPassword('09011112222', '090-1111-2222')).toBe('password_from_phone');
    expect(checkNewPassword('09011112222')).toBeNull();
    expect(checkNewPassword('password', '09011112222')).toBeNull();
    expect(checkRequiredPassword('')).toBe('password_required');
    expect(checkRepeat('', 'abcdefgh')).toBe('password2_required');
    expect(checkRepeat('abcdefgX', 'abcdefgh')).toBe('password_mismatch');
    expect(checkRepeat('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('invitation code: required only when the server says so; letters and digits', () => {
    expect(checkInvite('', true)).toBe('invite_required');
    expect(checkInvite('', false)).toBeNull();
    expect(checkInvite('ab', true)).toBe('invite_format');
    expect(checkInvite('kabuto', true)).toBeNull();
    expect(checkInvite('KAB-UTO', false)).toBe('invite_format');
    expect(normalizeInvite(' kabuto ')).toBe('KABUTO');
  });

  it('fund password: exactly 6 digits; repeat must match', () => {
    expect(checkFundPassword('')).toBe('fund_required');
    expect(checkFundPassword('12345')).toBe('fund_format');
    expect(checkFundPassword('1234567')).toBe('fund_format');
    expect(checkFundPassword('12345a')).toBe('fund_format');
    expect(checkFundPassword('123456')).toBeNull();
    expect(checkRepeat('123457', '123456', 'fund')).toBe('fund_mismatch');
    expect(checkRepeat('', '123456', 'fund')).toBe('fund_required');
    expect(digitsOnly('１２a3-456789', 6)).toBe('123456');
  });
});

describe('search params of the routes', () => {
  it('keeps valid values and drops invalid ones', () => {
    expect(idSearch({ id: ' 42 ' })).toEqual({ id: '42' });
    expect(idSearch({ id: 42 })).toEqual({ id: '42' });
    expect(idSearch({ id: '' })).toEqual({ id: undefined });
    expect(idSearch({ id: 'x'.repeat(65) })).toEqual({ id: undefined });
    expect(codeSearch({ code: '7203' })).toEqual({ code: '7203' });
    expect(codeSearch({ code: '<script>' })).toEqual({ code: undefined });
    expect(marketSearch({ tab: 'fx' })).toEqual({ tab: 'fx' });
    expect(marketSearch({ tab: 'bogus' })).toEqual({ tab: undefined });
    expect(fundRecordSearch({ type: 'deposit' })).toEqual({ type: 'deposit' });
    expect(fundRecordSearch({ type: ['deposit'] })).toEqual({ type: undefined });
    expect(aboutSearch({ section: 'fraud' })).toEqual({ section: 'fraud' });
    expect(inviteSearch({ invite: 'KABUTO' })).toEqual({ invite: 'KABUTO' });
    expect(inviteSearch({ invite: 'K' })).toEqual({ invite: undefined });
  });

  it('only redirects to paths inside the app', () => {
    expect(redirectSearch({ redirect: '/information/index' })).toEqual({ redirect: '/information/index' });
    expect(redirectSearch({ redirect: '//evil.example' })).toEqual({ redirect: undefined });
    expect(redirectSearch({ redirect: 'https://evil.example' })).toEqual({ redirect: undefined });
    expect(redirectSearch({ redirect: '/login/login' })).toEqual({ redirect: undefined });
    expect(redirectSearch({ redirect: '/a?b=c' })).toEqual({ redirect: undefined });
    expect(safeRedirect('/trade/index')).toBe('/trade/index');
    expect(safeRedirect('//x')).toBeUndefined();
    expect(safeRedirect(3)).toBeUndefined();
  });
});
