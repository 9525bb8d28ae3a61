/**
 * 取得価額 of a cash holding by 総平均法に準ずる方法 (the moving average of the same stock in the same
 * account, docs/domain.md "取得価額", docs/decisions/011-selling-a-holding.md). Each held cash row
 * carries `book_cost`, its share of the holding's 取得価額 in yen including buy fees; null means
 * "its own purchase cost" (contract value + buy fee). Only the sum over the held rows matters: the
 * average is that sum over the shares, so a purchase is averaged in by adding its row. Pure, no I/O.
 */

export interface BookRow {
  quantity: number;
  contract_value: number | null;
  open_fee: number;
  book_cost: number | null;
}

/** What the row cost to buy: the contract value and the buy fee, in yen. */
export function ownCost(r: Pick<BookRow, 'contract_value' | 'open_fee'>): number {
  return (r.contract_value ?? 0) + r.open_fee;
}

/** The row's share of its holding's 取得価額 (its own cost until a sale re-averaged it). */
export function bookOf(r: Pick<BookRow, 'contract_value' | 'open_fee' | 'book_cost'>): number {
  return r.book_cost ?? ownCost(r);
}

/** ⌈a × b ÷ c⌉ for non-negative integers, exact beyond 2^53 intermediate products. */
export function mulDivCeil(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n + d - 1n) / d);
}

/** ⌊a × b ÷ c⌋ for non-negative integers. */
export function mulDivFloor(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * 取得費 of selling `sold` of `shares` held with 取得価額 `total`: the average × sold, fractions of a
 * yen rounded up (円未満切上げ). Selling everything costs exactly `total`, and what stays keeps
 * total − 取得費, so no yen of cost is invented or lost however the holding is sold (docs/domain.md
 * "取得価額" says how this differs from rounding the unit price).
 */
export function saleCost(total: number, shares: number, sold: number): number {
  if (sold >= shares) return total;
  return mulDivCeil(total, sold, shares);
}

/**
 * `total` yen spread over rows in proportion to their shares (re-averaging): each row ⌊total × q ÷
 * shares⌋, the yen left over to the last row, so the parts add up to `total` exactly.
 */
export function spread(total: number, quantities: readonly number[]): number[] {
  const shares = quantities.reduce((a, q) => a + q, 0);
  if (quantities.length === 0) return [];
  if (shares === 0) return quantities.map((_, i) => (i === quantities.length - 1 ? total : 0));
  const out = quantities.map((q) => mulDivFloor(total, q, shares));
  out[out.length - 1]! += total - out.reduce((a, x) => a + x, 0);
  return out;
}

export interface SplitMoney {
  contract_value: number;
  principal: number;
  open_fee: number;
  book_cost: number;
}

/**
 * A held cash row of `quantity` shares cut into `sold` and the rest: the sold part takes its share
 * of cost, principal, buy fee and 取得価額 (rounded down), the rest keeps what remains, so the two
 * add up to the row exactly.
 */
export function splitMoney(r: BookRow & { principal: number }, sold: number): { sold: SplitMoney; rest: SplitMoney } {
  const whole: SplitMoney = { contract_value: r.contract_value ?? 0, principal: r.principal, open_fee: r.open_fee, book_cost: bookOf(r) };
  const part = (x: number) => mulDivFloor(x, sold, r.quantity);
  const s: SplitMoney = { contract_value: part(whole.contract_value), principal: part(whole.principal), open_fee: part(whole.open_fee), book_cost: part(whole.book_cost) };
  const rest: SplitMoney = {
    contract_value: whole.contract_value - s.contract_value,
    principal: whole.principal - s.principal,
    open_fee: whole.open_fee - s.open_fee,
    book_cost: whole.book_cost - s.book_cost,
  };
  return { sold: s, rest };
}

/** 平均取得単価 in price units (yen × priceScale per share), rounded up like the 取得費. */
export function averageUnitCost(total: number, shares: number, priceScale: number): number {
  return shares === 0 ? 0 : mulDivCeil(total, priceScale, shares);
}
