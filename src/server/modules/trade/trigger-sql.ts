/**
 * What the trading job may have to act on, as SQL expressions over a position's own columns, so an
 * index on them answers "which rows can trigger now" without reading the others
 * (docs/decisions/019-flat-with-data.md). Because they are expressions, every writer of a row
 * (placing, amending, filling, a split, a close) keeps them current without knowing of them.
 *
 * - `due`: the earliest instant a timed event (fill, expiry, auto-close) is due; dueRows reads the
 *   rows with due <= now.
 * - `down`: the row may act when the price comes down to it (a buy limit's ask, a sell stop, a
 *   long's maintenance floor: the highest price at which its ratio is below its margin-call or
 *   forced-close level); `up`: when the price comes up to it (a sell limit's bid, a buy stop, a
 *   short's ceiling). The job reads, per stock, rows with down >= the lowest price it saw and
 *   rows with up <= the highest, and decides on each exactly as before (engine-rules.ts `decide`,
 *   `firstBarAction`): the expressions only pick candidates, a superset of the rows that act.
 *
 * The indexes are built on these exact strings (migration 2026-11-26-001-perf-indexes): a query
 * must use the same text for SQLite and PostgreSQL to use them, and changing one means a new
 * migration that drops and recreates its index.
 */
import type { Dialect } from '../../db/capabilities';

/** "Always a candidate" for `down` (any price is at or below it) and the value of no level at all. */
export const ALWAYS_DOWN = 9_007_199_254_740_990;
const NONE_UP = 9_007_199_254_740_991;
/** "Always a candidate" for `up`, and no level for `down`. */
export const ALWAYS_UP = 0;
const NONE_DOWN = -1;

function fns(dialect: Dialect) {
  return dialect === 'sqlite' ? { max: 'max', min: 'min' } : { max: 'greatest', min: 'least' };
}

/**
 * The maintenance ratio (trade-money.ts maintenanceRatioBp: floor((principal + P/L) × 10000 ÷
 * value)) is below L exactly when, for a long with D = cost − principal > 0,
 * value × (10000 − L) < D × 10000, i.e. value ≤ floor((D × 10000 − 1) ÷ (10000 − L)) = Vmax, and
 * value = floor(price × qty ÷ scale) ≤ Vmax exactly when price ≤ floor(((Vmax + 1) × scale − 1) ÷ qty).
 * For a short, (principal + cost) × 10000 < value × (L + 10000), i.e. value ≥ Vmin =
 * floor((principal + cost) × 10000 ÷ (L + 10000)) + 1, i.e. price ≥ ceil(Vmin × scale ÷ qty).
 * L is the higher of the two levels (either acts). engine-rules.ts `riskPrice` is the same in
 * TypeScript; a property test holds them to `ratioAt`.
 */
function riskSql(dialect: Dialect, side: 'up' | 'down'): string {
  const { max } = fns(dialect);
  const L = `${max}(maintenance_bp, forced_close_bp)`;
  const held = `status IN ('holding', 'closing') AND contract_value IS NOT NULL AND buy_price IS NOT NULL`;
  if (side === 'up') {
    // A long: the floor (act at or below it).
    return `CASE WHEN ${held} AND direction = 'up' THEN (CASE WHEN maintenance_bp IS NULL OR forced_close_bp IS NULL OR ${L} >= 10000 THEN ${ALWAYS_DOWN} WHEN contract_value - principal <= 0 THEN NULL ELSE ((((contract_value - principal) * 10000 - 1) / (10000 - ${L}) + 1) * price_scale - 1) / quantity END) END`;
  }
  // A short: the ceiling (act at or above it).
  return `CASE WHEN ${held} AND direction = 'down' THEN (CASE WHEN maintenance_bp IS NULL OR forced_close_bp IS NULL THEN ${ALWAYS_UP} ELSE (((principal + contract_value) * 10000 / (${L} + 10000) + 1) * price_scale + quantity - 1) / quantity END) END`;
}

/** The level at or below which a waiting order (or close request) acts, by its side and kind. */
function orderDownSql(dialect: Dialect): string {
  const { max } = fns(dialect);
  const open = `CASE WHEN trigger_price IS NOT NULL AND triggered_at IS NULL THEN (CASE WHEN direction = 'down' THEN trigger_price END) WHEN price_type = 'market' THEN ${ALWAYS_DOWN} WHEN direction = 'up' THEN limit_price END`;
  const closeLeg = `CASE WHEN close_trigger_price IS NOT NULL AND close_triggered_at IS NULL THEN (CASE WHEN direction = 'up' THEN close_trigger_price END) WHEN close_type = 'market' THEN ${ALWAYS_DOWN} WHEN direction = 'down' THEN close_limit_price END`;
  const oco = `CASE WHEN direction = 'up' THEN close_stop_price END`;
  return `CASE WHEN status = 'pending' AND fill_at IS NULL THEN (${open}) WHEN status = 'closing' AND close_fill_at IS NULL THEN ${max}(coalesce(${closeLeg}, ${NONE_DOWN}), coalesce(${oco}, ${NONE_DOWN})) END`;
}

/** The level at or above which a waiting order (or close request) acts. */
function orderUpSql(dialect: Dialect): string {
  const { min } = fns(dialect);
  const open = `CASE WHEN trigger_price IS NOT NULL AND triggered_at IS NULL THEN (CASE WHEN direction = 'up' THEN trigger_price END) WHEN price_type = 'market' THEN ${ALWAYS_UP} WHEN direction = 'down' THEN limit_price END`;
  const closeLeg = `CASE WHEN close_trigger_price IS NOT NULL AND close_triggered_at IS NULL THEN (CASE WHEN direction = 'down' THEN close_trigger_price END) WHEN close_type = 'market' THEN ${ALWAYS_UP} WHEN direction = 'up' THEN close_limit_price END`;
  const oco = `CASE WHEN direction = 'down' THEN close_stop_price END`;
  return `CASE WHEN status = 'pending' AND fill_at IS NULL THEN (${open}) WHEN status = 'closing' AND close_fill_at IS NULL THEN ${min}(coalesce(${closeLeg}, ${NONE_UP}), coalesce(${oco}, ${NONE_UP})) END`;
}

/** A row acts when the price reaches this or lower (NONE_DOWN: never). */
export function watchDownSql(dialect: Dialect): string {
  const { max } = fns(dialect);
  return `${max}(coalesce(${orderDownSql(dialect)}, ${NONE_DOWN}), coalesce(${riskSql(dialect, 'up')}, ${NONE_DOWN}))`;
}

/** A row acts when the price reaches this or higher (NONE_UP: never). */
export function watchUpSql(dialect: Dialect): string {
  const { min } = fns(dialect);
  return `${min}(coalesce(${orderUpSql(dialect)}, ${NONE_UP}), coalesce(${riskSql(dialect, 'down')}, ${NONE_UP}))`;
}

/**
 * The timed events of a row, by status: a pending order's auction fill, expiry or day-trade close;
 * a held row's close fill, close expiry or day-trade close. The one statement of the rule: dueSql
 * (the index and the query) and isDue (the check on the rows it returns) are both made from it.
 * Block-lock ends (in_progress, by date) have their own index on (status, locked_until).
 */
const DUE_TIMES = [
  { statuses: ['pending'], times: ['fill_at', 'expires_at', 'auto_close_at'] },
  { statuses: ['holding', 'closing'], times: ['close_fill_at', 'close_expires_at', 'auto_close_at'] },
] as const;

type DueColumn = (typeof DUE_TIMES)[number]['times'][number];

/** The earliest timed event of a row in the statuses of DUE_TIMES (NULL in any other status); dueRows reads rows with due <= now. */
export function dueSql(dialect: Dialect): string {
  const { min } = fns(dialect);
  const when = DUE_TIMES.map(({ statuses, times }) => {
    const status = statuses.length === 1 ? `status = '${statuses[0]}'` : `status IN (${statuses.map((s) => `'${s}'`).join(', ')})`;
    return `WHEN ${status} THEN ${min}(${times.map((t) => `coalesce(${t}, ${NONE_UP})`).join(', ')})`;
  });
  return `CASE ${when.join(' ')} END`;
}

/** The same rule in TypeScript: one of the row's timed events for its status is at or before `now`. */
export function isDue(row: { status: string } & Record<DueColumn, number | null>, now: number): boolean {
  const group = DUE_TIMES.find((g) => (g.statuses as readonly string[]).includes(row.status));
  return group !== undefined && group.times.some((t) => row[t] !== null && row[t] <= now);
}
