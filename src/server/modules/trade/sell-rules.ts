/**
 * 現物売 (docs/decisions/011-selling-a-holding.md): which cash positions can be sold now, in which
 * order (FIFO: oldest purchase first) and how a sale of any number of 単元 takes them: whole
 * positions from the oldest, and part of the next one (split off by sell.ts); pure, no I/O.
 */
import type { MessageId } from '../../../shared/api/messages';
import type { MessageParams } from '../../../shared/api/envelope';
import { tPlusNApplies } from '../../../shared/domain/position';
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/domain/account-type';
import { taxableDefault, type Refusal } from './account-rules';
import type { AccountSettings } from './account-type-repo';

export interface CashRow {
  id: string;
  status: string;
  direction: string;
  leverage_x10: number;
  day_trade: number;
  quantity: number;
  buy_time: number | null;
  locked_until: string | null;
  sellable_from: string | null;
}

/** A cash holding (1× long, not a day trade): what 保有証券 lists per stock. */
export function isCashHolding(r: CashRow): boolean {
  return r.direction === 'up' && r.leverage_x10 <= 10 && r.day_trade === 0;
}

/**
 * Sellable now (`today` a Tokyo date): held (a close request already placed is being sold), past a
 * block-trade lock and past T+N — the same rules a single close applies (closing.ts assertSellable).
 */
export function isSellable(r: CashRow, today: string): boolean {
  if (r.status === 'in_progress') {
    if (r.locked_until !== null && today < r.locked_until) return false;
  } else if (r.status !== 'holding') {
    return false;
  }
  const tPlusN = tPlusNApplies({ dayTrade: r.day_trade === 1, leverageX10: r.leverage_x10, direction: r.direction });
  return !(tPlusN && r.sellable_from !== null && today < r.sellable_from);
}

/** Oldest purchase first; the id (a time-ordered uuidv7) breaks ties and orders unfilled rows. */
export function fifoOrder<T extends Pick<CashRow, 'id' | 'buy_time'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.buy_time ?? Number.MAX_SAFE_INTEGER) - (b.buy_time ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type SalePlan = { ok: true; whole: number; part: number } | { ok: false; id: MessageId; params: MessageParams };

/**
 * How a sale of `shares` takes the FIFO-ordered sellable positions: the first `whole` positions
 * entirely and `part` shares of the next one (0: none; that row is split, sell.ts), or why it is
 * refused: more than is sellable (`sell_exceeds_holding`), or not a multiple of the 単元 `lot`
 * (`sell_quantity_not_lot_multiple`, with the nearest allowed counts). Everything sellable may
 * always be sold, even when a split left it off the lot grid.
 */
export function planSale(shares: number, held: number, lot: number, sellable: readonly { quantity: number }[]): SalePlan {
  const max = sellable.reduce((a, p) => a + p.quantity, 0);
  if (shares > max) return { ok: false, id: 'sell_exceeds_holding', params: { shares, held, sellable: max } };
  if (shares % lot !== 0 && shares !== max) {
    const below = Math.floor(shares / lot) * lot;
    const above = below + lot;
    const params: MessageParams = { shares, lot };
    if (below > 0) params.below = below;
    if (above <= max) params.above = above;
    return { ok: false, id: 'sell_quantity_not_lot_multiple', params };
  }
  let left = shares;
  let whole = 0;
  for (const p of sellable) {
    if (left < p.quantity) break;
    left -= p.quantity;
    whole++;
  }
  return { ok: true, whole, part: left };
}

/**
 * The account a sale is from: the one asked for, else the one account holding the stock (none held:
 * the taxable default, which the sale then refuses as more than held); several and none named →
 * refused, the user must choose (`invalid_request` {field: 'account'}).
 */
export function saleAccount(requested: AccountType | undefined, held: readonly AccountType[], s: Pick<AccountSettings, 'specific'>): { ok: true; account: AccountType } | { ok: false; refusal: Refusal } {
  if (requested !== undefined) return { ok: true, account: requested };
  const distinct = [...new Set(held)];
  if (distinct.length > 1) return { ok: false, refusal: { id: 'invalid_request', params: { field: 'account' } } };
  return { ok: true, account: distinct[0] ?? taxableDefault(s) };
}

/** Each account holding the stock in cash (in ACCOUNT_TYPES order) with its held and sellable shares now. */
export function heldByAccount(cash: readonly (CashRow & { account_type: string })[], today: string): { account: AccountType; held: number; sellable: number }[] {
  return ACCOUNT_TYPES.flatMap((account) => {
    const mine = cash.filter((r) => r.account_type === account);
    if (mine.length === 0) return [];
    const sum = (rs: readonly CashRow[]) => rs.reduce((a, r) => a + r.quantity, 0);
    return [{ account, held: sum(mine), sellable: sum(mine.filter((r) => isSellable(r, today))) }];
  });
}
