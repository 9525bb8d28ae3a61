/**
 * Helpers of the NISA room tests (issue 38: nisa-year, nisa-usage-property): a user whose NISA
 * account is open through the API (verified My Number KYC, the declaration, an admin's approval),
 * NISA orders and sales, the usage the tax-account area answers, and the definitions of the usage
 * recomputed from the journal (docs/domain.md "Account types and NISA").
 */
import { expect } from 'vitest';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { registerUser, type TestServer, type TestUser } from '../support/server';
import { addDays, isTradingDay, sessionBounds } from '../../src/shared/market';
import { NISA_LIMITS, type NisaFrame, type NisaUsage } from '../../src/shared/domain/account-type';
import { dataOf, grant } from './trade-support';

const HOUR = 3_600_000;
export const tokyoYear = (t: number) => new Date(t + 9 * HOUR).getUTCFullYear();
/** 1 January 00:00 in Tokyo of `year`, as an instant. */
export const tokyoNewYear = (year: number) => Date.UTC(year - 1, 11, 31, 15, 0, 0);
export const ceilDiv = (a: number, b: number) => Number((BigInt(a) + BigInt(b) - 1n) / BigInt(b));

async function kycUpload(s: TestServer, u: TestUser, purpose: 'kyc_front' | 'kyc_back', seed: number): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 30 } } }).png().toBuffer();
  const res = await fetch(`${s.url}/api/vue/uploads?purpose=${purpose}`, {
    method: 'POST', headers: { token: u.token, 'content-type': 'application/octet-stream' }, body: new Uint8Array(png),
  });
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.id;
}

/**
 * A registered user with `amount` yen granted and an open NISA account, all through the API: KYC
 * with the My Number card (approved), the NISA application with its declaration, the admin's approval.
 */
export async function nisaTrader(s: TestServer, amount: number): Promise<TestUser> {
  const u = await registerUser(s);
  const front = await kycUpload(s, u, 'kyc_front', 11);
  const back = await kycUpload(s, u, 'kyc_back', 12);
  const kyc = await s.call('post', 'kyc', {
    token: u.token,
    body: { name: '山田 花子', nameKana: 'ヤマダ　ハナコ', documentType: 'my_number', documentNumber: '123456789018', frontUploadId: front, backUploadId: back },
  });
  expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
  const ok = await s.call('post', `admin/kyc/${kyc.body.data.submission.id}/approve`, { token: s.admin.token, body: { reason: '書類を確認しました' } });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  const applied = await s.call('post', 'tax-account/nisa', { token: u.token, body: { declaration: true } });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  expect(applied.body.data.nisa.state).toBe('pending');
  const app = await s.services.database.db.selectFrom('nisa_application').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
  const decided = await s.call('post', `admin/nisa/applications/${app.id}/decide`, {
    token: s.admin.token, body: { decision: 'approved', reason: '税務署の確認が済みました' },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  expect((await taxAccount(s, u)).nisa.state).toBe('approved');
  if (amount > 0) await grant(s, u.id, amount);
  return u;
}

export async function taxAccount(s: TestServer, u: TestUser) {
  const res = await s.call('get', 'tax-account', { token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(res.body) as { nisa: { state: string }; usage: NisaUsage };
}

export const usageOf = async (s: TestServer, u: TestUser) => (await taxAccount(s, u)).usage;

/** A cash buy (1×) in `account` (NISA 成長投資枠 unless told), market unless a limit price is given. */
export function nisaBuy(s: TestServer, u: TestUser, o: { code: string; lots: number; price?: number; account?: string | null }, key: string = uuidv7()) {
  const body: Record<string, unknown> = { code: o.code, direction: 'up', type: o.price ? 'limit' : 'market', lots: o.lots, leverage: 1 };
  if (o.price) body.price = o.price;
  if (o.account !== null) body.account = o.account ?? 'nisa_growth';
  return s.call('post', 'trade/orders', { token: u.token, body, headers: { 'Idempotency-Key': key } });
}

export function nisaSell(s: TestServer, u: TestUser, code: string, shares: number, account = 'nisa_growth') {
  return s.call('post', 'trade/sell', { token: u.token, body: { code, type: 'market', shares, account }, headers: { 'Idempotency-Key': uuidv7() } });
}

/** The room of a new buy in `frame` by the usage's figures: what nisa_limit_exceeded must carry. */
export function roomOf(u: NisaUsage, frame: NisaFrame = 'nisa_growth') {
  const yearRemaining = u.frames[frame].remaining;
  const lifetimeRemaining = frame === 'nisa_growth' ? Math.min(u.lifetime.remaining, u.growthLifetime.remaining) : u.lifetime.remaining;
  return { yearRemaining, lifetimeRemaining, room: Math.min(yearRemaining, lifetimeRemaining) };
}

/** The usage by its definitions from purchases (cost, Tokyo year), waiting reservations and sales (book value, Tokyo year). */
export function usageByDefinition(
  year: number,
  purchases: readonly { frame: NisaFrame; year: number; cost: number }[],
  reserved: Record<NisaFrame, number>,
  sales: readonly { frame: NisaFrame; year: number; book: number }[],
): NisaUsage {
  const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);
  const room = (limit: number, used: number, held: number) => ({ limit, used, reserved: held, remaining: Math.max(0, limit - used - held) });
  const lifetime = (inFrame: (f: NisaFrame) => boolean) =>
    sum(purchases.filter((p) => inFrame(p.frame) && p.year <= year), (p) => p.cost) - sum(sales.filter((x) => inFrame(x.frame) && x.year < year), (x) => x.book);
  const frame = (f: NisaFrame) => room(NISA_LIMITS.yearly[f], sum(purchases.filter((p) => p.frame === f && p.year === year), (p) => p.cost), reserved[f]);
  return {
    year,
    frames: { nisa_growth: frame('nisa_growth'), nisa_tsumitate: frame('nisa_tsumitate') },
    lifetime: room(NISA_LIMITS.lifetime, lifetime(() => true), reserved.nisa_growth + reserved.nisa_tsumitate),
    growthLifetime: room(NISA_LIMITS.growthLifetime, lifetime((f) => f === 'nisa_growth'), reserved.nisa_growth),
    freesNextYear: sum(sales.filter((x) => x.year === year), (x) => x.book),
  };
}

/**
 * The user's NISA usage recomputed from the journal (issue 38 "Must show": "equal their definitions
 * recomputed from the postings"): every entry whose tax_account is a NISA frame, with its postings.
 * A buy's cost is what its trade_open entry paid for the holding (the user's margin posting, the
 * contract value at 1×) plus the fee (the house's fee_income posting), in the Tokyo year of the
 * entry; the frame's reservations are what its entries left frozen; a sale frees the 取得費 of the
 * closed row its trade_close entry is about (trade_position.book_cost), in the Tokyo year of the entry.
 */
export async function usageFromJournal(s: TestServer, userId: string, now: number) {
  const db = s.services.database.db;
  const rows = await db
    .selectFrom('journal_entry as e')
    .innerJoin('posting as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .select(['e.id', 'e.kind', 'e.tax_account', 'e.ref_id', 'e.created_at', 'a.owner', 'a.kind as account_kind', 'p.amount'])
    .where('e.user_id', '=', userId)
    .where('e.tax_account', 'in', ['nisa_growth', 'nisa_tsumitate'])
    .execute();
  const entries = new Map<string, { kind: string; frame: NisaFrame; refId: string | null; at: number; cost: number; frozen: number }>();
  for (const r of rows) {
    const e = entries.get(r.id) ?? { kind: r.kind, frame: r.tax_account as NisaFrame, refId: r.ref_id, at: Number(r.created_at), cost: 0, frozen: 0 };
    const amount = Number(r.amount);
    if (r.owner === userId && r.account_kind === 'margin') e.cost += amount;
    if (r.owner === 'house' && r.account_kind === 'fee_income') e.cost += amount;
    if (r.owner === userId && r.account_kind === 'frozen') e.frozen += amount;
    entries.set(r.id, e);
  }
  const purchases: { frame: NisaFrame; year: number; cost: number; refId: string | null }[] = [];
  const sales: { frame: NisaFrame; year: number; book: number; refId: string }[] = [];
  const reserved: Record<NisaFrame, number> = { nisa_growth: 0, nisa_tsumitate: 0 };
  const closes: { frame: NisaFrame; year: number; refId: string }[] = [];
  for (const e of entries.values()) {
    reserved[e.frame] += e.frozen;
    if (e.kind === 'trade_open') purchases.push({ frame: e.frame, year: tokyoYear(e.at), cost: e.cost, refId: e.refId });
    if (e.kind === 'trade_close') closes.push({ frame: e.frame, year: tokyoYear(e.at), refId: e.refId! });
  }
  // Entries with no postings (none expected for these kinds) would be missed by the join: count them.
  const closeEntries = await db
    .selectFrom('journal_entry').select(['ref_id', 'created_at', 'tax_account'])
    .where('user_id', '=', userId).where('kind', '=', 'trade_close').where('tax_account', 'in', ['nisa_growth', 'nisa_tsumitate']).execute();
  expect(closeEntries.length, 'every NISA close entry has postings').toBe(closes.length);
  if (closes.length > 0) {
    const books = await db.selectFrom('trade_position').select(['id', 'book_cost', 'status']).where('id', 'in', closes.map((c) => c.refId)).execute();
    const byId = new Map(books.map((b) => [b.id, b]));
    for (const c of closes) {
      const row = byId.get(c.refId);
      expect(row, `the row of close ${c.refId}`).toBeDefined();
      sales.push({ frame: c.frame, year: c.year, book: Number(row!.book_cost), refId: c.refId });
    }
  }
  return { usage: usageByDefinition(tokyoYear(now), purchases, reserved, sales), purchases, sales, reserved };
}

/** Continuous-trading instants of `days` trading days from `date`, `stepMin` apart, clear of each session's first and last minutes. */
export function* sessionInstants(date: string, days: number, stepMin = 5): Generator<number> {
  for (let n = 0; n < days; date = addDays(date, 1)) {
    if (!isTradingDay(date)) continue;
    n++;
    const b = sessionBounds(date);
    for (const [start, end] of [[b.open, b.morningClose], [b.afternoonOpen, b.closingAuction]] as const) {
      for (let t = start + 5 * 60_000; t < end - 5 * 60_000; t += stepMin * 60_000) yield t;
    }
  }
}

/** The first trading day on or after `date`. */
export function tradingDayFrom(date: string): string {
  while (!isTradingDay(date)) date = addDays(date, 1);
  return date;
}
