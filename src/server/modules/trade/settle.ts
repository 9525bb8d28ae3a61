/**
 * What happens to money when a position changes: fills, releases, closes and interest. Each runs
 * inside the caller's transaction on a row the caller has locked, and posts exactly one entry.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Capabilities } from '../../db/capabilities';
import { lockCash, Postings, type Ledger, type PostingInput } from '../../ledger';
import { conflict } from '../../errors';
import { addTradingDays, dayNumber, jstDate, type IsoDate } from '../../../shared/market';
import { encodeMemo, type EntryKind, type Memo, type TradeParams } from '../../../shared/domain/ledger-kinds';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { nextStatus, type CloseReason, type Direction, type PositionAction } from '../../../shared/domain/position';
import {
  contractValue,
  dailyInterest,
  interestBase,
  positionPnl,
  principalFor,
  tradeFee,
} from '../../../shared/domain/trade-money';
import type { Currency } from '../../../shared/money';
import { netYearTax } from './tax';
import { transition, type PositionRow } from './repo';

export interface SettleDeps {
  ledger: Ledger;
  caps: Capabilities;
}

type Trx = Transaction<DB>;
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

/** Posts one entry about a position (every kind is in the registry, src/shared/domain/ledger-kinds.ts). */
function postFor(trx: Trx, deps: SettleDeps, kind: EntryKind, pos: PositionRow, memo: Memo, postings: PostingInput[]) {
  return deps.ledger.post(trx, { kind, userId: pos.user_id, refType: 'position', refId: pos.id, memo: encodeMemo(memo), postings });
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
  return {
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

/** Posts the opening entry of an immediate fill: principal cash → margin, fee cash → fee income. */
export async function postOpenFromCash(trx: Trx, deps: SettleDeps, pos: PositionRow, memo: Memo): Promise<void> {
  const cash = await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  const p = new Postings(pos.user_id, cur(pos), cash).own('cash', -pos.principal).own('margin', pos.principal);
  p.own('cash', -pos.open_fee).house('fee_income', pos.open_fee);
  await postFor(trx, deps, 'trade_open', pos, memo, p.list);
}

/** Funds for a pending order: cash → frozen. */
export async function postReserve(trx: Trx, deps: SettleDeps, pos: PositionRow): Promise<void> {
  await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  const p = new Postings(pos.user_id, cur(pos)).own('cash', -pos.reserved).own('frozen', pos.reserved);
  const orderType = pos.price_type === 'limit' ? 'limit' : 'market';
  await postFor(trx, deps, 'order_reserve', pos, { id: 'memo_order_placed', params: { code: pos.code, shares: pos.quantity, orderType } }, p.list);
}

/** A pending order fills: the reservation pays principal and fee, the rest returns to cash. */
export async function fillPending(trx: Trx, deps: SettleDeps, pos: PositionRow, price: number, at: number, cfg: ConfigValues): Promise<void> {
  const to = nextStatus('pending', 'fill')!;
  const fields = openFields(pos, price, at, cfg);
  await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  if (!(await transition(trx, pos.id, 'pending', { ...fields, status: to, reserved: 0, fill_at: null, expires_at: null, updated_at: at }))) {
    throw conflict('order_state_invalid', { status: pos.status });
  }
  const p = new Postings(pos.user_id, cur(pos)).own('frozen', -pos.reserved).own('margin', fields.principal);
  p.house('fee_income', fields.open_fee).own('cash', pos.reserved - fields.principal - fields.open_fee);
  await postFor(trx, deps, 'trade_open', pos, openMemo(pos, price), p.list);
}

/** A pending order is cancelled or expires: the whole reservation returns to cash. */
export async function releasePending(trx: Trx, deps: SettleDeps, pos: PositionRow, action: 'cancel' | 'expire', at: number): Promise<void> {
  const to = nextStatus('pending', action)!;
  await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  if (!(await transition(trx, pos.id, 'pending', { status: to, reserved: 0, fill_at: null, expires_at: null, updated_at: at }))) {
    throw conflict('order_state_invalid', { status: pos.status });
  }
  const p = new Postings(pos.user_id, cur(pos)).own('frozen', -pos.reserved).own('cash', pos.reserved);
  const memo: Memo = { id: action === 'cancel' ? 'memo_order_cancelled' : 'memo_order_expired', params: { code: pos.code, shares: pos.quantity } };
  await postFor(trx, deps, 'order_release', pos, memo, p.list);
}

function interestFor(pos: PositionRow, through: IsoDate, cfg: ConfigValues): number {
  if (!pos.interest_from || pos.interest_from >= through || pos.contract_value === null) return 0;
  const days = dayNumber(through) - dayNumber(pos.interest_from);
  const rate = pos.direction === 'up' ? cfg.marginInterestBp : cfg.shortFeeBp;
  return days * dailyInterest(interestBase(dir(pos), pos.contract_value, pos.principal), rate);
}

/** Daily interest (margin long) or borrow fee (short) for the days before `through`. */
export async function chargeInterest(trx: Trx, deps: SettleDeps, pos: PositionRow, through: IsoDate, at: number, cfg: ConfigValues): Promise<number> {
  const amount = interestFor(pos, through, cfg);
  const cash = await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  const res = await trx
    .updateTable('trade_position')
    .set({ interest: pos.interest + amount, interest_from: through, updated_at: at })
    .where('id', '=', pos.id)
    .where('interest_from', '=', pos.interest_from)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n || amount === 0) return 0;
  const p = new Postings(pos.user_id, cur(pos), cash).charge('interest_income', amount);
  const long = pos.direction === 'up';
  const memo: Memo = { id: long ? 'memo_margin_interest' : 'memo_borrow_fee', params: { code: pos.code, through } };
  await postFor(trx, deps, long ? 'margin_interest' : 'borrow_fee', pos, memo, p.list);
  return amount;
}

/**
 * Closes a held position at `price`: margin returns, P/L settles against the market
 * counterparty, remaining interest, the closing fee and the year-netted tax are charged, all in
 * one entry. A loss beyond what the user holds becomes a loan, never negative cash.
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
  if (!to || pos.buy_price === null) throw conflict('order_state_invalid', { status: pos.status });
  const today = jstDate(at);
  const cash = await lockCash(trx, deps.caps, pos.user_id, cur(pos));
  const interestNow = interestFor(pos, today, cfg);
  const pnl = positionPnl(dir(pos), pos.buy_price, price, pos.quantity, pos.price_scale);
  const closeFee = tradeFee(contractValue(price, pos.quantity, pos.price_scale), cfg.feeSchedule);
  const interest = pos.interest + interestNow;
  const gain = pnl - pos.open_fee - closeFee - interest;
  const tax = await netYearTax(trx, pos.user_id, Number(today.slice(0, 4)), gain, at);
  const ok = await transition(trx, pos.id, pos.status as 'holding', {
    status: to, sell_time: at, sell_price: price, pnl, close_fee: closeFee, interest, interest_from: null, tax,
    close_reason: reason, close_fill_at: null, close_expires_at: null, updated_at: at,
  });
  if (!ok) throw conflict('order_state_invalid', { status: pos.status });

  const p = new Postings(pos.user_id, cur(pos), cash).own('margin', -pos.principal).own('cash', pos.principal);
  if (pnl > 0) p.house('market_counterparty', -pnl).own('cash', pnl);
  if (tax < 0) p.house('tax_payable', tax).own('cash', -tax);
  p.charge('market_counterparty', -pnl).charge('interest_income', interestNow).charge('fee_income', closeFee).charge('tax_payable', tax);
  const memo = tradeMemo(reason === 'user' ? 'memo_close' : reason === 'auto_close' ? 'memo_auto_close' : 'memo_forced_close', pos, price);
  await postFor(trx, deps, 'trade_close', pos, memo, p.list);
}
