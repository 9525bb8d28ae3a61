import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { HOUSE } from '../../src/server/ledger';
import { addDays } from '../../src/shared/market';
import { verifiedUser } from './cash-support';
import { openMarginAccount, at, balances, closePos, expectLedgerBalanced, grant, placed, position, signIn, signInAdmin } from './trade-support';
import { lendingModule } from '../../src/server/modules/lending';

/**
 * Stock lending (貸株, docs/domain.md "Loans and stock lending"): a held cash position is lent (not
 * a margin one); the house pays a daily fee at the yearly rate it was lent at, on each day's close
 * (lending fee expense → cash, 雑所得); a lent position cannot be sold until recalled; the recall
 * completes the next business day; a dividend on lent shares is paid as 配当金相当額. Ledger
 * invariants after each.
 */
const RATE_BP = 100;

describe.each(testDialects())('lending: stock lending (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const lend = (u: TestUser, positionId: string, key = uuidv7()) =>
    s.call('post', 'lending/stock', { token: u.token, headers: { 'Idempotency-Key': key }, body: { positionId } });
  const recall = (u: TestUser, id: string, key = uuidv7()) => s.call('post', `lending/stock/${id}/recall`, { token: u.token, headers: { 'Idempotency-Key': key } });
  const stock = async (u: TestUser) => (await s.call('get', 'lending/stock', { token: u.token })).body.data;
  const heldRow = async (u: TestUser, code: string) =>
    (await s.call('get', 'trade/holdings', { token: u.token })).body.data.stocks.find((x: { code: string }) => x.code === code);
  const records = async (u: TestUser) => (await s.call('get', 'lending/stock/records', { token: u.token })).body.data.items;

  /** The fee the rules owe for `days` from `from`: Σ shares × close of each day (or the last before it) × rate, rounded down once. */
  function feeFor(code: string, shares: number, from: string, days: number): number {
    let units = 0;
    let scale = 1;
    for (let i = 0; i < days; i++) {
      const d = addDays(from, i);
      const bars = s.services.market.dailyBars(code, addDays(d, -14), d);
      scale = s.services.market.instrument(code)!.priceScale;
      units += shares * bars[bars.length - 1]!.close * RATE_BP;
    }
    return Math.floor(units / (10_000 * 365 * scale));
  }

  it('lend → fee days → recall (next business day) → sell; the lent position refuses a sale', async () => {
    s.clock.set(TEST_NOW); // Tuesday 2026-11-24 10:00
    const u = await verifiedUser(s);
    await grant(s, u.id, 1_000_000);
    const pos = await placed(s, u, { code: '7203', lots: 1 });
    const before = await stock(u);
    expect(before.rateBp).toBe(RATE_BP);
    expect(before.lendable).toEqual([expect.objectContaining({ positionId: pos.id, code: '7203', shares: 100 })]);

    const res = await lend(u, pos.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const item = res.body.data.item;
    expect(item).toMatchObject({ positionId: pos.id, status: 'borrowing', rateBp: RATE_BP, accruedThrough: '2026-11-24', feePaid: 0 });
    expect((await stock(u)).lendable).toEqual([]);
    // Lent: no sale until recalled.
    const sell = await closePos(s, u, pos.id, { type: 'market' });
    expect(sell.status).toBe(422);
    expect(sell.body).toMatchObject({ msg: 'position_lent', params: { code: '7203' } });
    expect((await lend(u, pos.id)).body.msg).toBe('lend_already_lent');
    // 保有証券 marks the lent shares, so 売る can say why before it is pressed (issue 35).
    expect(await heldRow(u, '7203')).toMatchObject({ shares: 100, lentShares: 100, lentReturnsOn: null });

    // Three fee days, paid by the house on each day's close.
    const cash0 = (await balances(s, u.id)).cash;
    const expense0 = await s.services.ledger.balance(HOUSE, 'JPY', 'lending_fee_expense');
    const t3 = at('2026-11-27', 0, 0, 1);
    s.clock.set(t3);
    const r = await s.services.jobs.runDue(t3);
    const fee3 = feeFor('7203', 100, '2026-11-24', 3);
    expect(fee3).toBeGreaterThan(0);
    expect(r.lending.fees).toBe(fee3);
    await s.services.jobs.runDue(at('2026-11-27', 9)); // nothing twice
    expect((await balances(s, u.id)).cash).toBe(cash0 + fee3);
    expect(await s.services.ledger.balance(HOUSE, 'JPY', 'lending_fee_expense')).toBe(expense0 - fee3);
    const recs = (await s.call('get', 'funds/records?type=loan', { token: u.token })).body.data.items;
    expect(recs).toEqual([expect.objectContaining({ kind: 'lending_fee' })]);

    // Recall on Friday: completes on Monday; the fee runs until then.
    s.clock.set(at('2026-11-27', 10));
    const rc = await recall(u, item.id);
    expect(rc.status, JSON.stringify(rc.body)).toBe(200);
    expect(rc.body.data.item).toMatchObject({ status: 'recalling', completesOn: '2026-11-30' });
    expect((await recall(u, item.id)).body.msg).toBe('stock_loan_not_recallable');
    const still = await closePos(s, u, pos.id, { type: 'market' });
    expect(still.body).toMatchObject({ msg: 'position_lent', params: { date: '2026-11-30' } });
    expect(await heldRow(u, '7203')).toMatchObject({ lentShares: 100, lentReturnsOn: '2026-11-30' });

    const mon = at('2026-11-30', 0, 0, 1);
    s.clock.set(mon);
    const r2 = await s.services.jobs.runDue(mon);
    expect(r2.lending.recallsCompleted).toBe(1);
    const fee6 = feeFor('7203', 100, '2026-11-24', 6);
    const done = (await stock(u)).items[0];
    expect(done).toMatchObject({ status: 'completed', feePaid: fee6, accruedThrough: '2026-11-30' });
    expect((await records(u)).map((e: { kind: string }) => e.kind).reverse()).toEqual(['stock_lend', 'stock_fee', 'stock_recall', 'stock_fee', 'stock_returned']);

    // Returned: the sale goes through.
    s.clock.set(at('2026-11-30', 10));
    await signIn(s, u);
    await signInAdmin(s);
    expect(await heldRow(u, '7203')).toMatchObject({ lentShares: 0, lentReturnsOn: null });
    const sold = await closePos(s, u, pos.id, { type: 'market' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    await expectLedgerBalanced(s);
  });

  it('only held cash positions are lent; lending pledged shares past the lending ratio is refused with that rule (lend_collateral_pledged)', async () => {
    s.clock.set(TEST_NOW);
    const u = await verifiedUser(s);
    await grant(s, u.id, 2_000_000);
    await openMarginAccount(s, u);
    const margin = await placed(s, u, { code: '7203', lots: 1, leverage: 2 });
    const refused = await lend(u, margin.id);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('lend_not_cash_position');

    const cash = await placed(s, u, { code: '6758', lots: 1 });
    const fp = await s.call('post', 'user/fund-password', { token: u.token, body: { password: '112233', password2: '112233', loginPassword: u.password } });
    expect(fp.status).toBe(200);
    const c = (await s.call('get', 'lending/credit', { token: u.token })).body.data;
    const b = await s.call('post', 'lending/loans', { token: u.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: c.available, fundPassword: '112233' } });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const first = await lend(u, cash.id);
    expect(first.status).toBe(422);
    // The refusal says the rule: the shares are the loan's collateral, and lending them would leave
    // the loan above 60 % of what remains pledged (issue 35), not a generic "repay first".
    expect(first.body).toMatchObject({ msg: 'lend_collateral_pledged', params: { amount: expect.any(Number), currency: 'JPY', limitPercent: 60, code: '6758' } });
    expect(first.body.params.amount).toBeGreaterThanOrEqual(c.available);
    expect((await stock(u)).items).toEqual([]);
    await expectLedgerBalanced(s);
  });

  /*
   * A stock loan follows a split (issue 36 item 1). 4592 splits 1:3 ex 2027-02-25 in the simulated
   * market; 100 shares lent on Monday 2027-02-15 at the default rate (stockLendingRateBp 100 bp,
   * RATE_BP above); the fee job on 2027-03-01 pays through 02-28, 4 days of them after the split.
   * Daily closes (priceScale 10; a weekend or holiday counts the last close before it):
   *   02-15 24,640  02-16 24,220  02-17 23,970  02-18 24,660  02-19..21 23,800 ×3  02-22..23 24,990 ×2
   *   02-24 25,860 → Σ 244,730 over the 10 days before the ex-date;
   *   02-25 8,770  02-26..28 8,560 ×3 → Σ 34,450 over the 4 days from it.
   * fee = floor(Σ shares × close × 100 bp ÷ (10,000 × 365 × 10)) (rules.ts accrue, cumulative):
   *   on the old count throughout (the audit's figure): 100 × 279,180 × 100 ÷ 36,500,000 = 76.49 → ¥76;
   *   on the shares lent each day: (100 × 244,730 + 300 × 34,450) × 100 ÷ 36,500,000 = 95.36 → ¥95,
   *   of which the split step pays 100 × 244,730 × 100 ÷ 36,500,000 = 67.05 → ¥67 and the 03-01 run ¥28.
   */
  const SPLIT = { code: '4592', exDate: '2027-02-25', ratio: 3 } as const;

  /** The fee the rules owe from `from` to `to` (exclusive) when `sharesOn(day)` are lent each day. */
  function feeBetween(code: string, sharesOn: (day: string) => number, from: string, to: string): number {
    let units = 0;
    for (let d = from; d < to; d = addDays(d, 1)) {
      const bars = s.services.market.dailyBars(code, addDays(d, -14), d);
      units += sharesOn(d) * bars[bars.length - 1]!.close * RATE_BP;
    }
    return Math.floor(units / (10_000 * 365 * s.services.market.instrument(code)!.priceScale));
  }
  const sharesLent = (day: string) => (day >= SPLIT.exDate ? 300 : 100);
  const feeEntries = (loanId: string) =>
    s.services.database.db.selectFrom('journal_entry').select(['memo']).where('ref_id', '=', loanId).where('kind', '=', 'lending_fee').orderBy('id').execute();

  /** A verified user holding 100 shares of 4592 bought and lent on 2027-02-15. */
  async function lentBeforeSplit() {
    s.clock.set(at('2027-02-15', 10));
    await signInAdmin(s);
    const u = await verifiedUser(s);
    await grant(s, u.id, 1_000_000);
    const pos = await placed(s, u, { code: SPLIT.code, lots: 1 });
    const res = await lend(u, pos.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { u, pos, loan: res.body.data.item };
  }

  it('a split on the ex-date: the fee before it on the old count, after it on the new one (¥95, not ¥76)', async () => {
    const { u, pos, loan } = await lentBeforeSplit();
    expect(loan).toMatchObject({ shares: 100, accruedThrough: '2027-02-15' });
    expect(feeBetween(SPLIT.code, () => 100, '2027-02-15', '2027-03-01')).toBe(76); // the audit's underpayment
    const cash0 = (await balances(s, u.id)).cash;

    // The ex-date's first run: the split step pays the 10 days before it on 100 shares, then lends 300.
    const exRun = at(SPLIT.exDate, 0, 0, 1);
    s.clock.set(exRun);
    expect((await s.services.jobs.runDue(exRun)).corporateActions.splits).toBeGreaterThanOrEqual(1);
    const before = feeBetween(SPLIT.code, sharesLent, '2027-02-15', SPLIT.exDate);
    expect(before).toBe(67);
    expect((await balances(s, u.id)).cash).toBe(cash0 + before);

    const mar1 = at('2027-03-01', 0, 0, 1);
    s.clock.set(mar1);
    await s.services.jobs.runDue(mar1);
    await s.services.jobs.runDue(at('2027-03-01', 9)); // nothing twice
    const owed = feeBetween(SPLIT.code, sharesLent, '2027-02-15', '2027-03-01');
    expect(owed).toBe(95);
    expect((await balances(s, u.id)).cash).toBe(cash0 + owed);

    // The screens: the loan lends what the position now holds, valued on it.
    await signIn(s, u);
    expect((await position(s, u, pos.id)).quantity).toBe(300);
    const item = (await stock(u)).items.find((i: { id: string }) => i.id === loan.id);
    const price = s.services.market.quote(SPLIT.code, s.clock.now()).price;
    expect(item).toMatchObject({ shares: 300, status: 'borrowing', feePaid: 95, accruedThrough: '2027-03-01', value: Math.floor((300 * price) / 10) });
    // Each fee's memo and records line names the shares it was paid on.
    expect((await feeEntries(loan.id)).map((e) => JSON.parse(e.memo))).toEqual([
      { id: 'memo_lending_fee', params: { code: SPLIT.code, shares: 100, through: SPLIT.exDate, rateBp: RATE_BP } },
      { id: 'memo_lending_fee', params: { code: SPLIT.code, shares: 300, through: '2027-03-01', rateBp: RATE_BP } },
    ]);
    const fees = (await records(u)).filter((e: { kind: string }) => e.kind === 'stock_fee').reverse();
    expect(fees).toEqual([
      expect.objectContaining({ code: SPLIT.code, shares: 100, amount: 67, date: SPLIT.exDate }),
      expect.objectContaining({ code: SPLIT.code, shares: 300, amount: 28, date: '2027-03-01' }),
    ]);
    await expectLedgerBalanced(s);
  });

  it('a split that reaches the loan after the fee job ran past the ex-date still pays to the yen', async () => {
    const { u, loan } = await lentBeforeSplit();
    const cash0 = (await balances(s, u.id)).cash;
    // Only the lending job runs on the 27th (as if the corporate step had failed): 12 days on 100 shares.
    const t27 = at('2027-02-27', 0, 0, 1);
    s.clock.set(t27);
    await lendingModule.jobs!(s.services).lending.run(t27);
    const early = feeBetween(SPLIT.code, () => 100, '2027-02-15', '2027-02-27');
    expect((await balances(s, u.id)).cash).toBe(cash0 + early);

    // The split comes on 03-01: the 25th and 26th are owed on their 200 new shares too.
    const mar1 = at('2027-03-01', 0, 0, 1);
    s.clock.set(mar1);
    await s.services.jobs.runDue(mar1);
    expect((await balances(s, u.id)).cash).toBe(cash0 + 95);
    await signIn(s, u);
    expect((await stock(u)).items.find((i: { id: string }) => i.id === loan.id)).toMatchObject({ shares: 300, feePaid: 95 });
    await expectLedgerBalanced(s);
  });

  it('a dividend on lent shares is paid as 配当金相当額 (whole, 雑所得)', async () => {
    s.clock.set(TEST_NOW);
    const u = await verifiedUser(s);
    await grant(s, u.id, 1_000_000);
    const pos = await placed(s, u, { code: '1605', lots: 1 });
    expect((await lend(u, pos.id)).status).toBe(200);
    // 1605 goes ex-dividend (¥14.0 a share) on 2027-03-30 in the simulated market.
    const exDay = at('2027-03-30', 9, 30);
    s.clock.set(exDay);
    await s.services.jobs.runDue(exDay);
    const entries = await s.services.database.db.selectFrom('journal_entry').select(['kind', 'memo']).where('user_id', '=', u.id).execute();
    const sub = entries.find((e) => e.kind === 'dividend_substitute');
    expect(sub).toBeTruthy();
    expect(JSON.parse(sub!.memo)).toMatchObject({ id: 'memo_dividend_substitute', params: { code: '1605', shares: 100, exDate: '2027-03-30' } });
    expect(entries.some((e) => e.kind === 'dividend')).toBe(false);
    await signIn(s, u);
    const lines = await records(u);
    const line = lines.find((e: { kind: string }) => e.kind === 'stock_dividend');
    expect(line).toMatchObject({ code: '1605', shares: 100, date: '2027-03-30' });
    expect(line.amount).toBeGreaterThan(0);
    expect((await records(u)).map((e: { kind: string }) => e.kind)).toContain('stock_fee');
    await expectLedgerBalanced(s);
  });
});
