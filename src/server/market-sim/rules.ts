/**
 * Price rules per instrument: how a raw number becomes a valid price, and the day's limits.
 * TSE stocks use the tick tables and daily price limits of docs/tse-rules.md; crypto and FX trade
 * in steps of one price unit with no limits.
 */
// Imported from the modules, not the barrel: these run for every simulated price.
import { limitPrices, type LimitPrices } from '../../shared/market/limits';
import { roundToTick, tickSize, type TickRounding, type TickTable } from '../../shared/market/tick';

export interface PriceRules {
  /** A valid price near `price` (never below the smallest valid price). */
  round(price: number, mode: TickRounding): number;
  /** The day's limits from its base price, or null when the market has none. */
  limits(base: number): LimitPrices | null;
  /** The price step at `price`. */
  tick(price: number): number;
}

export function tseRules(table: TickTable): PriceRules {
  return {
    round: (p, mode) => roundToTick(mode === 'down' ? Math.floor(p) : mode === 'up' ? Math.ceil(p) : Math.round(p), table, mode),
    limits: (base) => limitPrices(base, table),
    tick: (p) => tickSize(p, table),
  };
}

export const UNIT_RULES: PriceRules = {
  round: (p, mode) => Math.max(1, mode === 'down' ? Math.floor(p) : mode === 'up' ? Math.ceil(p) : Math.round(p)),
  limits: () => null,
  tick: () => 1,
};

export function clamp(price: number, limits: LimitPrices | null): number {
  if (!limits) return price;
  return price > limits.upper ? limits.upper : price < limits.lower ? limits.lower : price;
}
