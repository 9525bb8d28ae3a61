/**
 * Helpers of the investment-trust API tests (issue 39 "Must show": trusts-nav, trusts-fee,
 * trusts-distribution): a user with cash (and a NISA account or a 一般-only choice where a test needs
 * one), fund orders over HTTP by the contract (src/shared/api/trusts.ts), the clock moved to an
 * instant with the due jobs run there (the NAV strike from 17:00 Tokyo, the payouts), the stored
 * rows read back, and the formulas of docs/domain.md "Investment trusts and 積立" recomputed here,
 * independently of src/shared/domain/trust.ts, so a slip in either shows.
 */
import { expect } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type { TestServer, TestUser } from '../support/server';
import { trustsApi, type TrustOrderBody, type TrustOrderView } from '../../src/shared/api/trusts';
import type { AccountType } from '../../src/shared/domain/account-type';
import { dayNumber, type IsoDate } from '../../src/shared/market';
import '../../src/server/modules/trusts/tables';
import '../../src/server/modules/tax-account/tables';
import { at, balances, dataOf, runAt, trader } from './trade-support';

export { at, balances, dataOf, runAt };

export const TEN_K = 10_000n;
const PPM = 1_000_000n;

/** A user holding `cash` yen (granted), no 信用口座 needed; `nisa`: an approved NISA account; `general`: 一般 only. */
export async function investor(s: TestServer, cash: number, o: { nisa?: boolean; general?: boolean } = {}): Promise<TestUser> {
  const u = await trader(s, cash, { agreed: false });
  const db = s.services.database.db;
  const now = s.clock.now();
  if (o.general) await db.insertInto('tax_account').values({ user_id: u.id, specific: 0, withholding: 0, created_at: now, updated_at: now }).execute();
  if (o.nisa) {
    const year = new Date(now + 9 * 3_600_000).getUTCFullYear();
    await db
      .insertInto('nisa_application')
      .values({ id: uuidv7(), user_id: u.id, year, declared_at: now, created_at: now, review_status: 'approved', review_reason: null, reviewed_by: null, reviewed_at: now })
      .execute();
  }
  return u;
}

export type OrderInput = Partial<TrustOrderBody> & { fundId: string };

/** Places a fund order over HTTP (buy by amount in 特定 unless told); the raw answer. */
export function placeOrder(s: TestServer, u: TestUser, o: OrderInput, key: string = uuidv7()) {
  const body: TrustOrderBody = { side: 'buy', account: 'specific', mode: o.side === 'sell' ? 'units' : 'amount', ...o } as TrustOrderBody;
  return s.api(trustsApi.place, { token: u.token, body, idempotencyKey: key });
}

/** Places a fund order and expects it accepted. */
export async function placed(s: TestServer, u: TestUser, o: OrderInput): Promise<TrustOrderView> {
  const res = await placeOrder(s, u, o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(res.body);
}

export function cancelOrder(s: TestServer, u: TestUser, id: string, key: string = uuidv7()) {
  return s.api(trustsApi.cancel, { token: u.token, params: { id }, idempotencyKey: key });
}

export async function orderOf(s: TestServer, u: TestUser, id: string): Promise<TrustOrderView> {
  const res = await s.api(trustsApi.orders, { token: u.token, query: { open: '0', limit: 100 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const o = dataOf(res.body).items.find((x) => x.id === id);
  expect(o, `order ${id} in the list`).toBeDefined();
  return o!;
}

export async function holdingsOf(s: TestServer, u: TestUser) {
  const res = await s.api(trustsApi.holdings, { token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(res.body).items;
}

export async function fundView(s: TestServer, u: TestUser, id: string) {
  const res = await s.api(trustsApi.detail, { token: u.token, params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(res.body);
}

/**
 * Sets the clock to `t` and runs every due job there (the strike and the payouts catch up in order);
 * the trusts job logs and counts a failed fund or payout instead of throwing: none may fail here.
 */
export async function jobsAt(s: TestServer, t: number) {
  s.clock.set(t);
  const report = (await s.services.jobs.runDue(t)) as { trusts?: { errors?: number } };
  expect(report.trusts?.errors ?? 0, `trusts job errors at ${new Date(t).toISOString()}: ${JSON.stringify(report.trusts)}`).toBe(0);
  return report;
}

/** The strike instant of business day `d` (a few minutes after 17:00 Tokyo). */
export const strikeOf = (d: IsoDate) => at(d, 17, 5);

export interface NavRow {
  date: string; nav: number; tr: number; grossAssets: number; fee: number; days: number; distribution: number; assets: number; units: number;
}

/** A fund's stored strikes, oldest first (numbers, whichever driver). */
export async function navRows(s: TestServer, fundId: string): Promise<NavRow[]> {
  const rows = await s.services.database.db.selectFrom('trust_nav').selectAll().where('fund_id', '=', fundId).orderBy('date').execute();
  return rows.map((r) => ({
    date: r.date, nav: Number(r.nav), tr: Number(r.tr), grossAssets: Number(r.gross_assets), fee: Number(r.fee), days: Number(r.days),
    distribution: Number(r.distribution), assets: Number(r.assets), units: Number(r.units),
  }));
}

export async function navRow(s: TestServer, fundId: string, date: IsoDate): Promise<NavRow> {
  const r = (await navRows(s, fundId)).find((x) => x.date === date);
  expect(r, `trust_nav ${fundId} ${date}`).toBeDefined();
  return r!;
}

export async function fundRow(s: TestServer, fundId: string) {
  const r = await s.services.database.db.selectFrom('trust_fund').selectAll().where('id', '=', fundId).executeTakeFirstOrThrow();
  return { ...r, assets: Number(r.assets), units: Number(r.units), fee_carry: Number(r.fee_carry), last_nav: Number(r.last_nav) };
}

export async function orderRow(s: TestServer, id: string) {
  const r = await s.services.database.db.selectFrom('trust_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { ...r, nav: n(r.nav), units: n(r.units), value: n(r.value), fee: n(r.fee), retention: n(r.retention), book_cost: n(r.book_cost), principal: n(r.principal), tax: n(r.tax), reserved: Number(r.reserved) };
}

export async function holdingRow(s: TestServer, userId: string, fundId: string, account: AccountType) {
  const r = await s.services.database.db
    .selectFrom('trust_holding').selectAll().where('user_id', '=', userId).where('fund_id', '=', fundId).where('account_type', '=', account).executeTakeFirst();
  return r ? { units: Number(r.units), principal: Number(r.principal), bookCost: Number(r.book_cost) } : { units: 0, principal: 0, bookCost: 0 };
}

/** The user's journal entries of `kind` with their postings (owner:kind → amount). */
export async function entriesOf(s: TestServer, userId: string, kind: string) {
  const rows = await s.services.database.db
    .selectFrom('journal_entry as e')
    .innerJoin('posting as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .select(['e.id', 'e.kind', 'e.ref_id', 'e.tax_account', 'e.memo', 'a.owner', 'a.kind as account_kind', 'p.amount'])
    .where('e.user_id', '=', userId)
    .where('e.kind', '=', kind)
    .orderBy('e.created_at')
    .execute();
  const out = new Map<string, { id: string; refId: string | null; taxAccount: string | null; memo: string; postings: Record<string, number> }>();
  for (const r of rows) {
    const e = out.get(r.id) ?? { id: r.id, refId: r.ref_id, taxAccount: r.tax_account, memo: r.memo, postings: {} };
    const k = `${r.owner === userId ? 'user' : r.owner}:${r.account_kind}`;
    e.postings[k] = (e.postings[k] ?? 0) + Number(r.amount);
    out.set(r.id, e);
  }
  return [...out.values()];
}

/* ---------- the formulas, recomputed (docs/domain.md "Investment trusts and 積立") ---------- */

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Buy by amount A at `nav` with a 購入時手数料 of `feePpm`: the maximal units whose value (rounded up) plus fee (rounded down) fit in A. */
export function expectedBuy(amount: number, nav: number, feePpm: number) {
  const cost = (units: bigint) => {
    const value = ceilDiv(units * BigInt(nav), TEN_K);
    const fee = (value * BigInt(feePpm)) / PPM;
    return { value, fee, paid: value + fee };
  };
  // Start above the answer and walk down: independent of the design's closed form.
  let units = (BigInt(amount) * TEN_K) / BigInt(nav) + 1n;
  while (units > 0n && cost(units).paid > BigInt(amount)) units -= 1n;
  const c = cost(units);
  return { units: Number(units), value: Number(c.value), fee: Number(c.fee), paid: Number(c.paid), nextPaid: Number(cost(units + 1n).paid) };
}

/** 解約: value rounded down, 留保額 rounded up, proceeds = value − 留保額. */
export function expectedSell(units: number, nav: number, retentionPpm: number) {
  const value = Number((BigInt(units) * BigInt(nav)) / TEN_K);
  const retention = Number(ceilDiv(BigInt(value) * BigInt(retentionPpm), PPM));
  return { value, retention, proceeds: value - retention };
}

/** 20.315 % (15.315 % national + 5 % local, each rounded down) on a positive amount. */
export const taxOf = (gain: number) => (gain <= 0 ? 0 : Math.floor((gain * 15_315) / 100_000) + Math.floor((gain * 5) / 100));

export const calendarDays = (from: IsoDate, to: IsoDate) => dayNumber(to) - dayNumber(from);

/** The close of `code` on `date` from the market port (scaled integer). */
export function closeOn(s: TestServer, code: string, date: IsoDate): number {
  const bars = s.services.market.dailyBars(code, date, date);
  expect(bars.length, `${code} bar on ${date}`).toBe(1);
  return bars[0]!.close;
}

/** The user's year netting row of an account (特定: the withheld tax), zero when absent. */
export async function yearTax(s: TestServer, userId: string, year: number, account: string) {
  const r = await s.services.database.db
    .selectFrom('trade_tax_year_account').select(['net_gain', 'tax_withheld']).where('user_id', '=', userId).where('year', '=', year).where('account', '=', account).executeTakeFirst();
  return { net: Number(r?.net_gain ?? 0), withheld: Number(r?.tax_withheld ?? 0) };
}
