/**
 * What happens to money when a position changes: fills, releases, closes and interest. Each runs
 * inside the caller's transaction on a row the caller has locked, and posts exactly one entry
 * (docs/decisions/004-trading-money-model.md, 009-trading-money-conventions.md).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Capabilities } from '../../db/capabilities';
import { lockWallet, noteShortfall, Postings, recordSettlement, type Ledger } from '../../ledger';
import { conflict } from '../../errors';
import { addTradingDays, dayNumber, jstDate, type IsoDate } from '../../../shared/market';
import { encodeMemo, type EntryKind, type Memo, type TradeParams } from '../../../shared/domain/ledger-kinds';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { nextStatus, type CloseReason, type Direction, type PositionAction } from '../../../shared/domain/position';
import { contractValue, cumulativeInterest, interestBase, pnlFromCost, principalFor, tradeFee } from '../../../shared/domain/trade-money';
import type { Currency } from '../../../shared/money';
import { netYearTax, withholdsTax } from './tax';
import { termsAtOpen, termsOf } from './terms';
import { addInterest, addRealized, notifyFill, setReservedUnsettled, transition, type PositionRow } from './repo';
import { placeThenClose } from './close-request';
import { takeSaleCost } from './book-cost';
import { isCashHolding } from './sell-rules';
import type { SplitHook } from './deps';

type Trx = Transaction<DB>;

export interface SettleDeps {
  ledger: Ledger;
  caps: Capabilities;
  /** Told of each split of a held row inside the split's own transaction (deps.ts SplitHook). */
  onSplit?: SplitHook;
}

const cur = (p: Pick<PositionRow, 'currency'>) => p.currency as Currency;
const dir = (p: Pick<PositionRow, 'direction'>) => p.direction as Direction;

type TradeMemoId = 'memo_buy' | 'memo_sell_short' | 'memo_close' | 'memo_auto_close' | 'memo_forced_close' | 'memo_block_buy';

/** The memo of a fill: a message id with the code, shares and price, translated by the client. */
export function tradeMemo(
  id: TradeMemoId,
  pos: Pick<PositionRow, 'code' | 'quantity' | 'price_scale' | 'direction' | 'leverage_x10'>,
  price: number,
): Memo {
  const params: TradeParams = {
    code: pos.code, shares: pos.quantity, price, priceScale: pos.price_scale,
    direction: pos.direction === 'down' ? 'down' : 'up', leverage: pos.leverage_x10 / 10,
  };
  return { id, params };
}

/** The memo of an opening fill in the position's direction. */
export function openMemo(pos: Pick<PositionRow, 'code' | 'quantity' | 'price_scale' | 'direction' | 'leverage_x10'>, price: number): Memo {
  return tradeMemo(pos.direction === 'up' ? 'memo_buy' : 'memo_sell_short', pos, price);
}

/**
 * Posts one entry about a position (every kind is in the registry, src/shared/domain/ledger-kinds.ts)
 * and opens or ends the user's shortfall notice when the entry starts or repays one. The entry
 * carries the position's account type (journal_entry.tax_account), so records and the 特定口座's
 * withholding lock know which account it was in.
 */
export async function postFor(trx: Trx, deps: SettleDeps, kind: EntryKind, pos: Pick<PositionRow, 'id' | 'user_id' | 'account_type'>, memo: Memo, p: Postings, at: number) {
  await deps.ledger.post(trx, {
    kind, userId: pos.user_id, refType: 'position', refId: pos.id, memo: encodeMemo(memo), postings: p.list, taxAccount: pos.account_type,
  });
  await noteShortfall(trx, p, at);
}

/** The money fields of an opening fill at `price`. */
export function openFields(
  p: Pick<PositionRow, 'direction' | 'quantity' | 'price_scale' | 'leverage_x10' | 'day_trade'>,
  price: number,
  at: number,
  cfg: ConfigValues,
) {
  const value = contractValue(price, p.quantity, p.price_scale);
  const principal = principalFor(value, p.leverage_x10);
  const today = jstDate(at);
  const charged = p.day_trade === 0 && interestBase(dir(p), value, principal) > 0;
  const terms = termsAtOpen(p.direction, cfg);
  // The terms field by field, not spread first: V8 (Node 20) built a literal that opens with a
  // spread and adds nine fields about 7× slower and left its garbage in the old space, whose
  // collections were the open loop's stalls (docs/decisions/018-request-path-performance.md).
  return {
    maintenance_bp: terms.maintenance_bp,
    forced_close_bp: terms.forced_close_bp,
    interest_bp: terms.interest_bp,
    // The fill price already reflects every corporate action up to today.
    actions_through: today,
    buy_time: at,
    buy_price: price,
    contract_value: value,
    principal,
    open_fee: tradeFee(value, cfg.feeSchedule),
    // Day trades close the same day, so T+N and interest do not apply to them.
    sellable_from: p.day_trade ? today : addTradingDays(today, cfg.sellAfterDays),
    interest_from: charged ? today : null,
  };
}

/**
 * Posts the opening entry of an immediate fill: principal → margin and the fee → fee income, paid
 * from unsettled proceeds first, then cash.
 */
export async function postOpenFromCash(trx: Trx, deps: SettleDeps, pos: PositionRow, memo: Memo): Promise<void> {
  const p = new Postings(pos.user_id, cur(pos), await lockWallet(trx, deps.caps, pos.user_id, cur(pos)));
  p.spend(pos.principal);
  p.own('margin', pos.principal);
  p.spend(pos.open_fee);
  p.house('fee_income', pos.open_fee);
  await postFor(trx, deps, 'trade_open', pos, memo, p, pos.buy_time ?? pos.placed_at);
}

/** Funds for a pending order → frozen (unsettled proceeds first); remembers the unsettled part. */
export async function postReserve(trx: Trx, deps: SettleDeps, pos: PositionRow): Promise<PositionRow> {
  const p = new Postings(pos.user_id, cur(pos), await lockWallet(trx, deps.caps, pos.user_id, cur(pos)));
  const fromUnsettled = p.spend(pos.reserved);
  p.own('frozen', pos.reserved);
  if (fromUnsettled > 0) await setReservedUnsettled(trx, pos.id, fromUnsettled);
  const orderType = pos.price_type === 'limit' ? 'limit' : 'market';
  await postFor(trx, deps, 'order_reserve', pos, { id: 'memo_order_placed', params: { code: pos.code, shares: pos.quantity, orderType } }, p, pos.placed_at);
  return { ...pos, reserved_unsettled: fromUnsettled };
}

/**
 * Returns `amount` of a reservation: the part that came from unsettled proceeds goes back there
 * (so a cancelled order cannot turn unsettled money into withdrawable cash), the rest to cash.
 */
function returnReserve(p: Postings, pos: PositionRow, amount: number): void {
  // A fill never costs more than its reservation (buy limits fill at or below the limit, anything
  // else is reserved at the upper limit); if it ever did, the difference is paid like any payment.
  if (amount < 0) {
    p.spend(-amount);
    return;
  }
  const toUnsettled = Math.min(amount, pos.reserved_unsettled);
  p.credit('unsettled', toUnsettled);
  p.credit('cash', amount - toUnsettled);
}

/**
 * An amended order's reservation moves to `reserved`: more is taken like any payment (unsettled
 * first), less returns where it came from. Returns the new unsettled part of the reservation.
 */
export async function adjustReserve(trx: Trx, deps: SettleDeps, pos: PositionRow, reserved: number, memo: Memo, at: number): Promise<number> {
  const delta = reserved - pos.reserved;
  if (delta === 0) return pos.reserved_unsettled;
  const p = new Postings(pos.user_id, cur(pos), await lockWallet(trx, deps.caps, pos.user_id, cur(pos)));
  let fromUnsettled = pos.reserved_unsettled;
  if (delta > 0) {
    fromUnsettled += p.spend(delta);
    p.own('frozen', delta);
  } else {
    p.own('frozen', delta);
    const back = Math.min(-delta, pos.reserved_unsettled);
    returnReserve(p, pos, -delta);
    fromUnsettled -= back;
  }
  await postFor(trx, deps, delta > 0 ? 'order_reserve' : 'order_release', pos, memo, p, at);
  return fromUnsettled;
}

/** A pending order fills: the reservation pays principal and fee, the rest returns. */
export async function fillPending(trx: Trx, deps: SettleDeps, pos: PositionRow, price: number, at: number, cfg: ConfigValues): Promise<void> {
  const to = nextStatus('pending', 'fill')!;
  const fields = openFields(pos, price, at, cfg);
  const p = new Postings(pos.user_id, cur(pos), await lockWallet(trx, deps.caps, pos.user_id, cur(pos)));
  const patch = { ...fields, status: to, reserved: 0, reserved_unsettled: 0, fill_at: null, expires_at: null, updated_at: at };
  if (!(await transition(trx, pos.id, 'pending', patch))) {
    throw conflict('order_state_invalid', { status: pos.status });
  }
  p.own('frozen', -pos.reserved).own('margin', fields.principal).house('fee_income', fields.open_fee);
  returnReserve(p, pos, pos.reserved - fields.principal - fields.open_fee);
  await postFor(trx, deps, 'trade_open', pos, openMemo(pos, price), p, at);
  await notifyFill(trx, pos, 'open', price, at);
  // IFD / IFDOCO: the close it carries starts waiting now.
  await placeThenClose(trx, pos, at);
}

/** A pending order is cancelled or expires: the whole reservation returns. */
export async function releasePending(trx: Trx, deps: SettleDeps, pos: PositionRow, action: 'cancel' | 'expire', at: number): Promise<void> {
  const to = nextStatus('pending', action)!;
  const p = new Postings(pos.user_id, cur(pos), await lockWallet(trx, deps.caps, pos.user_id, cur(pos)));
  if (!(await transition(trx, pos.id, 'pending', { status: to, reserved: 0, reserved_unsettled: 0, fill_at: null, expires_at: null, updated_at: at }))) {
    throw conflict('order_state_invalid', { status: pos.status });
  }
  p.own('frozen', -pos.reserved);
  returnReserve(p, pos, pos.reserved);
  const memo: Memo = { id: action === 'cancel' ? 'memo_order_cancelled' : 'memo_order_expired', params: { code: pos.code, shares: pos.quantity } };
  await postFor(trx, deps, 'order_release', pos, memo, p, at);
}

/**
 * Interest (margin long) or borrow fee (short) due for the days before `through` and not charged
 * yet: the exact cumulative amount since the position opened, rounded down, less what was charged
 * (docs/decisions/009-trading-money-conventions.md), at the rate the position was opened with.
 */
function interestDue(pos: PositionRow, through: IsoDate, cfg: ConfigValues): number {
  if (!pos.interest_from || pos.interest_from >= through || pos.contract_value === null || pos.buy_time === null) return 0;
  const days = dayNumber(through) - dayNumber(jstDate(pos.buy_time));
  const total = cumulativeInterest(interestBase(dir(pos), pos.contract_value, pos.principal), termsOf(pos, cfg).interestBp, days);
  return Math.max(0, total - pos.interest);
}

/** Interest for the days before `through`; what cash cannot pay becomes a shortfall. */
export async function chargeInterest(trx: Trx, deps: SettleDeps, pos: PositionRow, through: IsoDate, at: number, cfg: ConfigValues): Promise<number> {
  const amount = interestDue(pos, through, cfg);
  const wallet = await lockWallet(trx, deps.caps, pos.user_id, cur(pos));
  const charged = await addInterest(trx, pos, amount, through, at);
  if (!charged || amount === 0) return 0;
  const p = new Postings(pos.user_id, cur(pos), wallet).charge('interest_income', amount);
  const long = pos.direction === 'up';
  const memo: Memo = { id: long ? 'memo_margin_interest' : 'memo_borrow_fee', params: { code: pos.code, through } };
  await postFor(trx, deps, long ? 'margin_interest' : 'borrow_fee', pos, memo, p, at);
  return amount;
}

/** Japanese equities settle on the second business day after the trade (T+2). */
export function settlementDate(tradeDate: IsoDate): IsoDate {
  return addTradingDays(tradeDate, 2);
}

/**
 * The money of closing `pos` at `price` at `at`, before tax: gross P/L from the cost, the closing
 * fee, the interest still due and the whole interest, and the gain the year's tax nets. For a cash
 * holding `saleCost` is the 取得費 by 総平均法 (book-cost.ts) and the gain is the proceeds less it
 * and the closing fee; a margin position's gain is from its own cost. Pure, so the close
 * (settleClose) and its estimate (close-preview.ts) cannot differ.
 */
export function closeAmounts(pos: PositionRow, price: number, at: number, cfg: ConfigValues, saleCost?: number) {
  if (pos.contract_value === null) throw conflict('order_state_invalid', { status: pos.status });
  const today = jstDate(at);
  const settlesOn = settlementDate(today);
  const interestNow = interestDue(pos, today, cfg);
  const pnl = pnlFromCost(dir(pos), pos.contract_value, price, pos.quantity, pos.price_scale);
  const value = contractValue(price, pos.quantity, pos.price_scale);
  const closeFee = tradeFee(value, cfg.feeSchedule);
  const interest = pos.interest + interestNow;
  const gain = saleCost === undefined ? pnl - pos.open_fee - closeFee - interest : value - saleCost - closeFee - interest;
  return { today, settlesOn, interestNow, pnl, closeFee, interest, gain };
}

/** Tax is netted in the Tokyo calendar year of the settlement date. */
export function taxYearOf(settlesOn: IsoDate): number {
  return Number(settlesOn.slice(0, 4));
}

/** What a close returns to the user (negative: what it costs beyond the margin): margin + P/L − interest due − fee − tax. */
export function closeReturn(pos: Pick<PositionRow, 'principal'>, a: { pnl: number; interestNow: number; closeFee: number }, tax: number): number {
  return pos.principal + a.pnl - a.interestNow - a.closeFee - tax;
}

/**
 * Closes a held position at `price`, in one entry: margin returns, P/L settles against the market
 * counterparty, the remaining interest, the closing fee and the year-netted tax are charged. What
 * comes back repays a shortfall first and the rest sits in `unsettled` until T+2; a loss beyond the
 * position's own margin is paid from unsettled and cash, and beyond them becomes a shortfall
 * (不足金), never negative cash. Tax is netted in the year of the settlement date, per account type
 * (tax.ts: withheld only in a 特定口座 with 源泉徴収あり).
 */
export async function settleClose(
  trx: Trx,
  deps: SettleDeps,
  pos: PositionRow,
  price: number,
  at: number,
  reason: CloseReason,
  cfg: ConfigValues,
): Promise<void> {
  const action: PositionAction = reason === 'user' ? 'fill_close' : 'system_close';
  const to = nextStatus(pos.status as 'holding', action);
  if (!to || pos.buy_price === null || pos.contract_value === null) throw conflict('order_state_invalid', { status: pos.status });
  const wallet = await lockWallet(trx, deps.caps, pos.user_id, cur(pos));
  // A cash sale's 取得費 is the holding's moving average (総平均法), re-averaging the rows it leaves.
  const saleCost = isCashHolding(pos) ? await takeSaleCost(trx, pos) : undefined;
  const { today, settlesOn, interestNow, pnl, closeFee, interest, gain } = closeAmounts(pos, price, at, cfg, saleCost);
  const withholds = await withholdsTax(trx, pos.user_id, pos.account_type);
  const tax = await netYearTax(trx, pos.user_id, taxYearOf(settlesOn), pos.account_type, withholds, gain, at);
  const ok = await transition(trx, pos.id, pos.status as 'holding', {
    status: to, sell_time: at, sell_price: price, pnl, close_fee: closeFee, interest, interest_from: null, tax, book_cost: saleCost ?? null,
    close_reason: reason, close_fill_at: null, close_expires_at: null, updated_at: at,
  });
  if (!ok) throw conflict('order_state_invalid', { status: pos.status });
  // The summary's realized P/L is this running total, not a sum over every closed position.
  await addRealized(trx, pos.user_id, gain - tax, at);

  const p = new Postings(pos.user_id, cur(pos), wallet).own('margin', -pos.principal);
  p.house('market_counterparty', -pnl).house('interest_income', interestNow).house('fee_income', closeFee).house('tax_payable', tax);
  const net = closeReturn(pos, { pnl, interestNow, closeFee }, tax);
  let proceeds = 0;
  if (net >= 0) proceeds = net - p.credit('unsettled', net);
  else p.owe(-net);
  await recordSettlement(trx, { userId: pos.user_id, currency: pos.currency, positionId: pos.id, amount: proceeds, tradeDate: today, settlesOn, at });
  const memo = tradeMemo(reason === 'user' ? 'memo_close' : reason === 'auto_close' ? 'memo_auto_close' : 'memo_forced_close', pos, price);
  await postFor(trx, deps, 'trade_close', pos, memo, p, at);
  // A forced close is its own message (with the ratio), written with its position alert.
  if (reason !== 'forced_close') await notifyFill(trx, pos, 'close', price, at);
}
