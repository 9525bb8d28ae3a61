import { describe, expect, it } from 'vitest';
import { accountsOf, defaultAccount, nisaIneligibility, requestedAccount, roomRefusal, taxableDefault } from '../../src/server/modules/trade/account-rules';
import { heldByAccount, saleAccount } from '../../src/server/modules/trade/sell-rules';

/*
 * Issue 38: the account (預り区分) of an order and of a sale (docs/domain.md "Account types and NISA").
 */
const stock = { code: '7203', kind: 'stock' as const };
const nisaUser = { specific: true, nisa: true };
const plain = { specific: true, nisa: false };
const generalOnly = { specific: false, nisa: false };
const room = (r: number, year = r, life = r) => ({ yearRemaining: year, lifetimeRemaining: life, room: r });

describe('accounts a user has', () => {
  it('一般 always, 特定 unless 一般 only, both NISA frames once approved', () => {
    expect(accountsOf(plain)).toEqual(['specific', 'general']);
    expect(accountsOf(generalOnly)).toEqual(['general']);
    expect(accountsOf(nisaUser)).toEqual(['specific', 'general', 'nisa_growth', 'nisa_tsumitate']);
    expect(taxableDefault(plain)).toBe('specific');
    expect(taxableDefault(generalOnly)).toBe('general');
  });
});

describe('NISA eligibility', () => {
  it('成長投資枠 takes listed stocks except 整理 / 監理銘柄; つみたて投資枠 only designated funds', () => {
    expect(nisaIneligibility('nisa_growth', stock)).toBeNull();
    expect(nisaIneligibility('nisa_growth', { ...stock, designation: 'kanri' })).toBe('designated');
    expect(nisaIneligibility('nisa_growth', { ...stock, designation: 'seiri' })).toBe('designated');
    expect(nisaIneligibility('nisa_tsumitate', stock)).toBe('tsumitate_funds_only');
  });
});

describe('requestedAccount', () => {
  const ask = (requested: Parameters<typeof requestedAccount>[0]['requested'], o: { cashBuy?: boolean; settings?: typeof plain; designation?: 'kanri' } = {}) =>
    requestedAccount({ requested, cashBuy: o.cashBuy ?? true, settings: o.settings ?? nisaUser, inst: { ...stock, designation: o.designation } });

  it('omitted: undefined (NISA possible, decided by the room) for an eligible cash buy of a NISA user; else the taxable default', () => {
    expect(ask(undefined)).toEqual({ ok: true, account: undefined });
    expect(ask(undefined, { cashBuy: false })).toEqual({ ok: true, account: 'specific' });
    expect(ask(undefined, { designation: 'kanri' })).toEqual({ ok: true, account: 'specific' });
    expect(ask(undefined, { settings: plain })).toEqual({ ok: true, account: 'specific' });
    expect(ask(undefined, { settings: generalOnly })).toEqual({ ok: true, account: 'general' });
  });

  it('an explicit taxable account the user has is honoured, also for margin', () => {
    expect(ask('general', { cashBuy: false })).toEqual({ ok: true, account: 'general' });
    expect(ask('specific', { settings: plain })).toEqual({ ok: true, account: 'specific' });
  });

  it('refusals: NISA for margin first, then an account the user lacks, then what the frame does not take', () => {
    expect(ask('nisa_growth', { cashBuy: false, settings: plain })).toEqual({ ok: false, refusal: { id: 'nisa_margin_not_allowed', params: { account: 'nisa_growth' } } });
    expect(ask('nisa_growth', { settings: plain })).toEqual({ ok: false, refusal: { id: 'account_type_unavailable', params: { account: 'nisa_growth' } } });
    expect(ask('specific', { settings: generalOnly })).toEqual({ ok: false, refusal: { id: 'account_type_unavailable', params: { account: 'specific' } } });
    expect(ask('nisa_growth', { designation: 'kanri' })).toEqual({ ok: false, refusal: { id: 'nisa_not_eligible', params: { code: '7203', account: 'nisa_growth', reason: 'designated' } } });
    expect(ask('nisa_tsumitate')).toEqual({ ok: false, refusal: { id: 'nisa_not_eligible', params: { code: '7203', account: 'nisa_tsumitate', reason: 'tsumitate_funds_only' } } });
    expect(ask('nisa_growth')).toEqual({ ok: true, account: 'nisa_growth' });
  });
});

describe('the room', () => {
  it('the default is 成長投資枠 when the cost fits the room exactly, else the taxable default', () => {
    expect(defaultAccount(1000, room(1000), nisaUser)).toBe('nisa_growth');
    expect(defaultAccount(1001, room(1000), nisaUser)).toBe('specific');
    expect(defaultAccount(1001, room(1000), { specific: false })).toBe('general');
  });

  it('an explicit NISA buy beyond the room is refused with both remainders', () => {
    expect(roomRefusal('nisa_growth', 1000, room(1000))).toBeNull();
    expect(roomRefusal('nisa_growth', 1001, room(1000, 5000, 1000))).toEqual({
      id: 'nisa_limit_exceeded', params: { account: 'nisa_growth', yearRemaining: 5000, lifetimeRemaining: 1000 },
    });
  });
});

describe('the account of a sale', () => {
  it('asked for; else the one account holding the stock; several → the user must choose', () => {
    expect(saleAccount('nisa_growth', ['specific'], plain)).toEqual({ ok: true, account: 'nisa_growth' });
    expect(saleAccount(undefined, ['nisa_growth', 'nisa_growth'], plain)).toEqual({ ok: true, account: 'nisa_growth' });
    expect(saleAccount(undefined, [], generalOnly)).toEqual({ ok: true, account: 'general' });
    expect(saleAccount(undefined, ['specific', 'nisa_growth'], plain)).toEqual({ ok: false, refusal: { id: 'invalid_request', params: { field: 'account' } } });
  });

  it('heldByAccount: held and sellable shares per account, in ACCOUNT_TYPES order', () => {
    const r = (id: string, account_type: string, quantity: number, sellable_from: string) => ({
      id, account_type, quantity, sellable_from, status: 'holding', direction: 'up', leverage_x10: 10, day_trade: 0, buy_time: 1, locked_until: null,
    });
    expect(heldByAccount([r('a', 'nisa_growth', 100, '2026-11-01'), r('b', 'specific', 200, '2026-11-01'), r('c', 'nisa_growth', 300, '2026-12-01')], '2026-11-20')).toEqual([
      { account: 'specific', held: 200, sellable: 200 },
      { account: 'nisa_growth', held: 400, sellable: 100 },
    ]);
  });
});
