/**
 * Fund orders at the next NAV (ブラインド方式; docs/domain.md "Investment trusts and 積立"): the checks
 * an order must pass, placing it (a buy reserves its cash: user cash → frozen, `trust_reserve`),
 * cancelling it until the 15:30 cut-off of its NAV date (`trust_release`), and the ticket's estimate
 * at the last NAV. The fill at the struck NAV is the strike's (strike.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import { assertNoShortfall, lockCash, Postings, type Ledger } from '../../ledger';
import { DomainError, invalid, notFound, ruleBroken } from '../../errors';
import { encodeMemo, type Memo } from '../../../shared/domain/ledger-kinds';
import { isNisa, roomFor, type AccountType } from '../../../shared/domain/account-type';
import {
  buyByAmount,
  buyValue,
  cancellable,
  navDateFor,
  purchaseFee,
  redemption,
  settleDateOf,
  TRUST_MAX_AMOUNT,
  TRUST_MIN_AMOUNT,
  trustAccountRefusal,
  unitsReservation,
} from '../../../shared/domain/trust';
import type { TrustOrderBody, TrustPreview } from '../../../shared/api/trusts';
import { nisaUsageOf, userAccounts } from '../trade';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import * as orderRepo from './order-repo';
import type { FundRow } from './fund-repo';
import type { OrderRow } from './order-repo';
import { cutoffOf, factsOf, fundMemo } from './view';

const JPY = 'JPY' as const;

export type Trx = Transaction<DB>;

/** The collaborators of the order commands. */
export interface TrustCtx {
  database: Database;
  ledger: Ledger;
  /** The market clock: the NAV date and the cut-off follow the market's day. */
  clock: Clock;
}

/** Who places an order: the user at the ticket, or a 積立 plan's run (つみたて投資枠 allowed). */
export type OrderOrigin = { source: 'order' } | { source: 'plan'; planId: string };

/** An order that passed the checks that need no lock: what it reserves and asks. */
interface Checked {
  fund: FundRow;
  navDate: string;
  /** Yen a buy freezes (0 for a 解約). */
  reserved: number;
  /** Units a buy by units or a 解約 asks (a 解約 of 'all': the units free at order). */
  unitsAsked: number | null;
  /** A 解約: the units held in the account. */
  held: number;
}

/** The fund, or `trust_not_found`. */
export async function fundOf(db: Executor, id: string): Promise<FundRow> {
  const f = await fundRepo.findFund(db, id);
  if (!f) throw notFound('trust_not_found');
  return f;
}

/**
 * The checks of an order that need neither the user's lock nor money: the fund open, the account
 * the user has, what its NISA frame takes (つみたて投資枠 only through a plan), the amount or units,
 * and for a 解約 the units held and not already in a pending 解約 (read after the lock by `place`).
 */
async function check(db: Executor, userId: string, body: TrustOrderBody, origin: OrderOrigin, now: number): Promise<Checked> {
  const fund = await fundOf(db, body.fundId);
  if (fund.status !== 'open') throw ruleBroken('trust_suspended', { code: fund.code });
  const buy = body.side === 'buy';
  if (buy ? body.mode === 'all' : body.mode === 'amount') throw invalid('invalid_request', { field: 'mode' });
  if (body.mode === 'amount' && body.amount === undefined) throw invalid('invalid_request', { field: 'amount' });
  if (body.mode === 'units' && body.units === undefined) throw invalid('invalid_request', { field: 'units' });
  if (!(await userAccounts(db, userId)).includes(body.account)) throw ruleBroken('account_type_unavailable', { account: body.account });
  const navDate = navDateFor(now);
  if (buy) {
    const reason = trustAccountRefusal(factsOf(fund), body.account);
    if (reason) throw ruleBroken('nisa_not_eligible', { code: fund.code, account: body.account, reason });
    if (body.account === 'nisa_tsumitate' && origin.source !== 'plan') throw ruleBroken('nisa_tsumitate_plan_only', { account: body.account });
    if (body.mode === 'amount') {
      if (body.amount! < TRUST_MIN_AMOUNT) throw ruleBroken('trust_min_amount', { min: TRUST_MIN_AMOUNT, currency: JPY });
      return { fund, navDate, reserved: body.amount!, unitsAsked: null, held: 0 };
    }
    const reserved = unitsReservation(body.units!, Number(fund.last_nav), Number(fund.purchase_fee_ppm));
    if (reserved > TRUST_MAX_AMOUNT) throw invalid('invalid_request', { field: 'units' });
    // A buy by units is held to the same minimum as one by amount, by what it reserves.
    if (reserved < TRUST_MIN_AMOUNT) throw ruleBroken('trust_min_amount', { min: TRUST_MIN_AMOUNT, currency: JPY });
    return { fund, navDate, reserved, unitsAsked: body.units!, held: 0 };
  }
  const held = Number((await holdingRepo.findHolding(db, userId, fund.id, body.account))?.units ?? 0);
  const available = Math.max(0, held - (await orderRepo.pendingSellUnits(db, userId, fund.id, body.account)));
  const units = body.mode === 'all' ? available : body.units!;
  if (units <= 0 || units > available) throw ruleBroken('trust_units_exceed', { available });
  return { fund, navDate, reserved: 0, unitsAsked: units, held };
}

/** A NISA buy reserving `cost` against its frame's room (as trade/account-rules.ts roomRefusal). */
async function assertRoom(db: Executor, userId: string, account: AccountType, cost: number, now: number): Promise<void> {
  if (!isNisa(account)) return;
  const room = roomFor(await nisaUsageOf(db as Kysely<DB>, userId, now), account);
  if (cost > room.room) throw ruleBroken('nisa_limit_exceeded', { account, yearRemaining: room.yearRemaining, lifetimeRemaining: room.lifetimeRemaining });
}

async function post(ctx: TrustCtx, trx: Trx, kind: 'trust_reserve' | 'trust_release', o: OrderRow, memo: Memo, p: Postings): Promise<void> {
  await ctx.ledger.post(trx, { kind, userId: o.user_id, refType: 'trust_order', refId: o.id, memo: encodeMemo(memo), postings: p.list, taxAccount: o.account_type });
}

/**
 * Places an order inside the caller's transaction (the order command's, or a plan run's with the
 * run's row): the user's cash locked first (one user's commands queue there, so two 解約 cannot
 * both take the same units and two NISA buys cannot both use the same room), then the checks,
 * the row, and a buy's reservation. Throws the typed refusals; insufficient cash is the ledger's
 * `balance_insufficient`, as trade's orders.
 */
export async function placeOrder(ctx: TrustCtx, trx: Trx, userId: string, body: TrustOrderBody, origin: OrderOrigin, now: number): Promise<{ row: OrderRow; fund: FundRow }> {
  await lockCash(trx, ctx.database.caps, userId, JPY);
  const c = await check(trx, userId, body, origin, now);
  if (body.side === 'buy') {
    await assertNoShortfall(trx, ctx.database.caps, userId, JPY);
    await assertRoom(trx, userId, body.account, c.reserved, now);
  }
  const row: OrderRow = {
    id: uuidv7(), user_id: userId, fund_id: c.fund.id, side: body.side, account_type: body.account, mode: body.mode,
    amount: body.mode === 'amount' ? body.amount! : null, units_asked: c.unitsAsked, reserved: c.reserved, nav_date: c.navDate,
    status: 'pending', source: origin.source, plan_id: origin.source === 'plan' ? origin.planId : null, ordered_at: now,
    nav: null, units: null, value: null, fee: null, retention: null, book_cost: null, principal: null, settle_date: null, tax: null,
    filled_at: null, paid_at: null, reason: null,
  };
  await orderRepo.insertOrder(trx, row);
  if (row.reserved > 0) {
    // Settled cash only: the ledger refuses an overdraft (balance_insufficient) and the whole command rolls back.
    const p = new Postings(userId, JPY).own('cash', -row.reserved).own('frozen', row.reserved);
    await post(ctx, trx, 'trust_reserve', row, { id: 'memo_trust_reserve', params: { ...fundMemo(c.fund), amount: row.reserved, navDate: row.nav_date } }, p);
  }
  return { row, fund: c.fund };
}

/** Cancels a pending order until the cut-off of its NAV date; a buy's reservation returns to cash. */
export async function cancelOrder(ctx: TrustCtx, trx: Trx, userId: string, orderId: string, now: number): Promise<{ row: OrderRow; fund: FundRow }> {
  await lockCash(trx, ctx.database.caps, userId, JPY);
  const o = await orderRepo.findUserOrder(trx, userId, orderId);
  if (!o) throw notFound('trust_order_not_found');
  const refused = () => ruleBroken('trust_not_cancellable', { until: cutoffOf(o.nav_date), status: o.status });
  if (o.status !== 'pending' || o.source === 'reinvest' || !cancellable(o.nav_date, now)) throw refused();
  if (!(await orderRepo.markCancelled(trx, o.id))) throw refused();
  const fund = await fundOf(trx, o.fund_id);
  const reserved = Number(o.reserved);
  if (o.side === 'buy' && reserved > 0) {
    const p = new Postings(userId, JPY).own('frozen', -reserved).own('cash', reserved);
    await post(ctx, trx, 'trust_release', o, { id: 'memo_trust_release', params: { ...fundMemo(fund), amount: reserved, why: 'cancel' } }, p);
  }
  return { row: { ...o, status: 'cancelled', reserved: 0 }, fund };
}

/**
 * The ticket's estimate at the last NAV: the NAV date the order would take, what a buy would get
 * and reserve, what a 解約 would pay and when, the cash free now, and the refusal the order would
 * get now (the same checks as the command, read without the lock).
 */
export async function previewOrder(ctx: TrustCtx, userId: string, body: TrustOrderBody, origin: OrderOrigin): Promise<TrustPreview> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const fund = await fundOf(db, body.fundId);
  const lastNav = Number(fund.last_nav);
  const feePpm = Number(fund.purchase_fee_ppm);
  const navDate = navDateFor(now);
  const cash = await ctx.ledger.balance(userId, JPY, 'cash', db);
  let refusal: TrustPreview['refusal'] = null;
  let checked: Checked | null = null;
  try {
    checked = await check(db, userId, body, origin, now);
    if (body.side === 'buy') {
      await assertRoom(db, userId, body.account, checked.reserved, now);
      if (checked.reserved > cash) throw ruleBroken('balance_insufficient', { currency: JPY, kind: 'cash', available: cash, required: checked.reserved });
    }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    refusal = { id: err.messageId, params: { ...(err.params ?? {}) } };
  }
  let buy: TrustPreview['buy'] = null;
  let sell: TrustPreview['sell'] = null;
  if (body.side === 'buy' && body.mode === 'amount' && body.amount !== undefined) {
    const f = buyByAmount(body.amount, lastNav, feePpm);
    buy = { ...f, reserved: body.amount };
  } else if (body.side === 'buy' && body.mode === 'units' && body.units !== undefined) {
    const value = buyValue(body.units, lastNav);
    const fee = purchaseFee(value, feePpm);
    buy = { units: body.units, value, fee, paid: value + fee, reserved: unitsReservation(body.units, lastNav, feePpm) };
  } else if (body.side === 'sell') {
    const held = checked?.held ?? Number((await holdingRepo.findHolding(db, userId, fund.id, body.account))?.units ?? 0);
    const units = checked?.unitsAsked ?? (body.mode === 'units' ? (body.units ?? 0) : held);
    sell = { units, ...redemption(units, lastNav, Number(fund.retention_ppm)), settleDate: settleDateOf(navDate, Number(fund.settle_days)), held };
  }
  return { navDate, cancellableUntil: cutoffOf(navDate), lastNav, buy, sell, cash, refusal };
}
