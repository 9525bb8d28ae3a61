/**
 * Helpers for the trading, block and funds API tests: funding users through the admin grant,
 * placing orders with idempotency keys, driving the scheduler with the test's clock, and finding
 * instants in the (deterministic) simulated market where a price condition holds.
 */
import { expect } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { jstMs, sessionBounds, isTradingDay, addDays, type IsoDate } from '../../src/shared/market';
import type { Quote } from '../../src/server/market';
import { registerUser, type TestServer, type TestUser } from '../support/server';
import { fundsAdminApi } from '../../src/shared/api/funds';
import { tradeApi } from '../../src/shared/api/trade';
import { marginAccountApi } from '../../src/shared/api/margin-account';
import { marginApplication } from '../support/margin-account';
import type { Envelope } from '../../src/shared/api/envelope';

export { jstMs };

/** A Tokyo wall-clock instant. */
export const at = (date: IsoDate, hh: number, mm = 0, ss = 0) => jstMs(date, hh, mm, ss);

export async function grant(s: TestServer, userId: string, amount: number, currency = 'JPY') {
  const res = await s.api(fundsAdminApi.grant, {
    token: s.admin.token,
    idempotencyKey: uuidv7(),
    params: { id: userId },
    body: { currency, amount, reason: 'test funds' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(res.body);
}

/** The data of a success envelope (typed by the contract); a failure fails the test. */
export function dataOf<T>(body: Envelope<T>): T {
  if (body.status !== 1) throw new Error(`expected success, got ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * A registered user holding `amount` yen of granted cash whose 信用取引口座 is open (margin and short
 * orders need it; applied with answers that meet the thresholds); `{ agreed: false }` for one without.
 */
export async function trader(s: TestServer, amount = 10_000_000, opts: { agreed?: boolean } = {}): Promise<TestUser> {
  const u = await registerUser(s);
  if (amount > 0) await grant(s, u.id, amount);
  if (opts.agreed ?? true) await openMarginAccount(s, u);
  return u;
}

/** Applies for the 信用取引口座 with passing answers and the risk agreement (approved at once). */
export async function openMarginAccount(s: TestServer, u: TestUser) {
  const res = await s.api(marginAccountApi.apply, { token: u.token, body: marginApplication() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = dataOf(res.body);
  expect(view.state).toBe('approved');
  return view;
}

export interface OrderInput {
  code?: string;
  direction?: 'up' | 'down';
  type?: 'market' | 'limit';
  price?: number;
  lots?: number;
  leverage?: number;
  dayTrade?: boolean;
  trigger?: number;
  validity?: string;
  then?: { type: 'market' | 'limit'; price?: number; trigger?: number; stop?: number; validity?: string };
  condition?: 'open' | 'close' | 'funari';
}

export function order(s: TestServer, u: TestUser, o: OrderInput = {}, key: string = uuidv7()) {
  const body = { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1, ...o };
  return s.call('post', 'trade/orders', { token: u.token, body, headers: { 'Idempotency-Key': key } });
}

/** Places an order and expects it accepted; returns the position. */
export async function placed(s: TestServer, u: TestUser, o: OrderInput = {}) {
  const res = await order(s, u, o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export function closePos(s: TestServer, u: TestUser, id: string, body: object = {}, key: string = uuidv7()) {
  return s.call('post', `trade/positions/${id}/close`, { token: u.token, body, headers: { 'Idempotency-Key': key } });
}

export function cancel(s: TestServer, u: TestUser, id: string, key: string = uuidv7()) {
  return s.api(tradeApi.cancelOrder, { token: u.token, params: { id }, idempotencyKey: key });
}

export async function position(s: TestServer, u: TestUser, id: string) {
  const res = await s.api(tradeApi.position, { token: u.token, params: { id } });
  expect(res.status).toBe(200);
  return dataOf(res.body);
}

/** Moves the clock to `t` and runs the due jobs there. */
export async function runAt(s: TestServer, t: number) {
  s.clock.set(t);
  return (await s.services.jobs.runDue(t)).trading;
}

export async function setConfig(s: TestServer, name: string, value: unknown) {
  const res = await s.call('post', 'admin/config', { token: s.admin.token, body: { name, value, reason: 'test setting' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Gives an open position the margin-call and forced-close levels an engine test needs. A position
 * keeps the levels it opened with (docs/decisions/009-trading-money-conventions.md); the engine's
 * tests reach levels no admin may configure (docs/domain.md "Config bounds": a margin call at
 * 20–30 %), such as the one only the deepest minute crosses, so they set them on the position.
 */
export async function setPositionLevels(s: TestServer, id: string, maintenanceBp: number, forcedCloseBp: number) {
  expect(forcedCloseBp).toBeLessThan(maintenanceBp);
  await s.services.database.db.updateTable('trade_position').set({ maintenance_bp: maintenanceBp, forced_close_bp: forcedCloseBp }).where('id', '=', id).execute();
}

export async function balances(s: TestServer, userId: string) {
  const b = (await s.services.ledger.balances(userId)).JPY ?? {};
  return {
    cash: b.cash ?? 0, frozen: b.frozen ?? 0, margin: b.margin ?? 0, unsettled: b.unsettled ?? 0, loan: b.loan ?? 0, shortfall: b.shortfall ?? 0,
  };
}

/**
 * The ledger invariants (docs/architecture.md "The money model"): every currency's postings sum to
 * zero, every balance equals the sum of its postings, and no floor-zero balance is negative.
 */
export async function expectLedgerBalanced(s: TestServer) {
  const db = s.services.database.db;
  const rows = await db
    .selectFrom('posting')
    .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('currency')
    .execute();
  for (const r of rows) expect(Number(r.total), r.currency).toBe(0);
  const sums = await db
    .selectFrom('balance')
    .leftJoin('posting', 'posting.account_id', 'balance.account_id')
    .select(['balance.account_id', 'balance.amount', (eb) => eb.fn.coalesce(eb.fn.sum<number>('posting.amount'), eb.lit(0)).as('posted')])
    .groupBy(['balance.account_id', 'balance.amount'])
    .execute();
  for (const r of sums) expect(Number(r.posted), r.account_id).toBe(Number(r.amount));
  const negative = await db.selectFrom('balance').select('amount').where('floor_zero', '=', 1).where('amount', '<', 0).execute();
  expect(negative).toEqual([]);
}

export const quote = (s: TestServer, code: string, t: number): Quote => s.services.market.quote(code, t);

/** Continuous-trading minutes (plus 15 s steps) of the trading days from `from` on, in order. */
export function* tradingInstants(from: number, days: number, stepMs = 60_000): Generator<number> {
  let date = new Date(from + 9 * 3600_000).toISOString().slice(0, 10);
  for (let n = 0; n < days; date = addDays(date, 1)) {
    if (!isTradingDay(date)) continue;
    n++;
    const b = sessionBounds(date);
    for (const [start, end] of [[b.open, b.morningClose], [b.afternoonOpen, b.closingAuction]] as const) {
      for (let t = start; t < end; t += stepMs) if (t > from) yield t;
    }
  }
}

/** The first instant after `from` (within `days` trading days) whose quote satisfies `pred`. */
export function findInstant(s: TestServer, code: string, from: number, pred: (q: Quote) => boolean, days = 10): number {
  for (const t of tradingInstants(from, days)) if (pred(quote(s, code, t))) return t;
  throw new Error(`no instant found for ${code} after ${new Date(from).toISOString()}`);
}

/** Signs a user in again (after a clock jump past the 30-day session expiry). */
export async function signIn(s: TestServer, u: TestUser): Promise<void> {
  const res = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
  expect(res.status).toBe(200);
  u.token = res.body.data.token;
}

/** A new passkey session of the admin (the back office takes no password session): tests/support/server.ts. */
export { signInAdmin } from '../support/server';

/** A house account's balance (fee income, tax payable, …). */
export const house = (s: TestServer, kind: 'fee_income' | 'tax_payable' | 'interest_income' | 'market_counterparty' | 'dividend_clearing') =>
  s.services.ledger.balance('house', 'JPY', kind);
