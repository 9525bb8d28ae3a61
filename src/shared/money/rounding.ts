import { assertSafeInteger, MoneyError, parseRate, toSafeNumber } from './decimal';

/*
 * Rounding is always explicit and exact (BigInt). Fees and taxes round DOWN to the minor unit
 * (the yen for JPY), i.e. in the user's favour (docs/architecture.md "The money model").
 */

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b; // truncates toward zero
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** floor(a × b ÷ c), exact for any safe integers (c ≠ 0). Floors toward −∞. */
export function mulDivDown(a: number, b: number, c: number): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  assertSafeInteger(c, 'c');
  if (c === 0) throw new MoneyError('division by zero');
  return toSafeNumber(floorDiv(BigInt(a) * BigInt(b), BigInt(c)));
}

/** ceil(a × b ÷ c), exact (e.g. a requirement the user must cover, rounded against shortfall). */
export function mulDivUp(a: number, b: number, c: number): number {
  return -mulDivDown(-a, b, c);
}

/** floor(amount × rate) for a non-negative amount and rate ("0.0003" or 0.0003). */
export function applyRateDown(amount: number, rate: string | number): number {
  assertSafeInteger(amount);
  if (amount < 0) throw new MoneyError(`amount must not be negative: ${amount}`);
  const { num, den } = parseRate(rate);
  return toSafeNumber((BigInt(amount) * num) / den);
}

/**
 * A fee on `amount` at `rate`, rounded down, then held within optional bounds: `min` (a minimum
 * charge, never more than the amount itself) and `max` (a cap).
 */
export function feeDown(amount: number, rate: string | number, bounds: { min?: number; max?: number } = {}): number {
  let fee = applyRateDown(amount, rate);
  if (bounds.min !== undefined) {
    assertSafeInteger(bounds.min, 'min');
    fee = Math.max(fee, Math.min(bounds.min, amount));
  }
  if (bounds.max !== undefined) {
    assertSafeInteger(bounds.max, 'max');
    fee = Math.min(fee, bounds.max);
  }
  return fee;
}

/** Tax on a non-negative taxable amount, rounded down. Zero or negative gains owe nothing. */
export function taxDown(taxable: number, rate: string | number): number {
  assertSafeInteger(taxable, 'taxable');
  return taxable <= 0 ? 0 : applyRateDown(taxable, rate);
}
