import { describe, expect, it } from 'vitest';
import { fieldValues, refusalField, refusalFor } from '../../src/app/components/forms/refusal';

/** A server refusal under the field it is about, kept until that field is edited (issue 35; server-errors.ts). */
describe('refusalField', () => {
  const fields = ['phone', 'password', 'inviteCode'] as const;

  it('takes the field the server names in params.field', () => {
    expect(refusalField('password_too_common', { field: 'password' }, fields)).toBe('password');
  });

  it('maps a message id that names no field, when the form says which field it is about', () => {
    expect(refusalField('account_exists', undefined, fields, { account_exists: 'phone' })).toBe('phone');
  });

  it('leaves to the form a refusal about no shown field, or a named field the form does not show', () => {
    expect(refusalField('not_trading_time', { from: '08:00' }, fields)).toBeNull();
    expect(refusalField('invalid_request', { field: 'agree' }, fields)).toBeNull();
    expect(refusalField('bank_not_found', undefined, fields, { bank_not_found: 'bank' as never })).toBeNull();
  });

  it('reads a nested path exactly when the form shows it, else by its first segment', () => {
    expect(refusalField('invalid_request', { field: 'then.stop' }, ['then.stop', 'then'] as const)).toBe('then.stop');
    expect(refusalField('invalid_request', { field: 'then.stop' }, ['price', 'then'] as const)).toBe('then');
  });

  it('prefers params.field over the id map', () => {
    expect(refusalField('x', { field: 'inviteCode' }, fields, { x: 'phone' })).toBe('inviteCode');
  });
});

describe('refusalFor', () => {
  const shown = { field: 'amount' as const, value: '5000', text: '出金額が上限を超えています' };

  it('shows the text while the field holds the refused value, and not once it is edited', () => {
    expect(refusalFor(shown, 'amount', '5000')).toBe(shown.text);
    expect(refusalFor(shown, 'amount', '500')).toBeNull();
    // Typed back: the server would refuse it again.
    expect(refusalFor(shown, 'amount', '5000')).toBe(shown.text);
  });

  it('shows nothing under another field, nor for a form-level refusal', () => {
    expect(refusalFor(shown, 'fundPassword' as 'amount', '5000')).toBeNull();
    expect(refusalFor({ field: null, value: '', text: 'x' }, 'amount', '')).toBeNull();
    expect(refusalFor(null, 'amount', '5000')).toBeNull();
  });
});

describe('fieldValues', () => {
  it('turns a body into the text of each field, nested ones by path', () => {
    expect(fieldValues({ code: '7203', lots: 2, price: 25_005, dayTrade: false, then: { type: 'limit', stop: 24_000 } })).toEqual({
      code: '7203',
      lots: '2',
      price: '25005',
      dayTrade: 'false',
      'then.type': 'limit',
      'then.stop': '24000',
    });
    expect(fieldValues(null)).toEqual({});
  });
});
