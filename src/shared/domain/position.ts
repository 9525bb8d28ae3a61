/**
 * A position is one order's whole life (docs/product.md "Entities and fields" "Position/order"): it starts as an order and, once
 * filled, is held until closed. Statuses are the list in docs/product.md "Statuses"; the transition table below is the
 * only way a status changes (server and UI read the same table).
 */
export const POSITION_STATUSES = [
  'pending', //     pending order: placed, waiting for a fill (limit, or queued for an auction)
  'in_progress', // in progress: a block-trade purchase inside its lock period
  'holding', //     holding
  'closing', //     ready to close: close requested, not filled yet (outside hours, or a limit close)
  'closed', //      closed/sold by the user
  'cancelled', //   cancelled (by the user, or a day order that expired unfilled)
  'ended', //       ended by the system: day-trade auto-close or forced close
] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

export const POSITION_ACTIONS = [
  'fill', //         an order fills
  'cancel', //       the user cancels a pending order
  'expire', //       a day order (or a limit close) reaches the close unfilled
  'unlock', //       a block-trade lock ends
  'request_close', // the user asks to close and it cannot fill at once
  'fill_close', //   a close fills
  'cancel_close', // the user withdraws a close request
  'system_close', // day-trade auto-close or forced close
] as const;
export type PositionAction = (typeof POSITION_ACTIONS)[number];

export const TRANSITIONS: Readonly<Record<PositionStatus, Readonly<Partial<Record<PositionAction, PositionStatus>>>>> = {
  pending: { fill: 'holding', cancel: 'cancelled', expire: 'cancelled' },
  in_progress: { unlock: 'holding' },
  holding: { request_close: 'closing', fill_close: 'closed', system_close: 'ended' },
  closing: { fill_close: 'closed', cancel_close: 'holding', expire: 'holding', system_close: 'ended' },
  closed: {},
  cancelled: {},
  ended: {},
};

/** The status after `action`, or null when the action is not allowed in `status`. */
export function nextStatus(status: PositionStatus, action: PositionAction): PositionStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Statuses that still hold money (reserved funds or margin). */
export const OPEN_STATUSES: readonly PositionStatus[] = ['pending', 'in_progress', 'holding', 'closing'];
/** Statuses with shares held (market value and P/L move with the price). */
export const HELD_STATUSES: readonly PositionStatus[] = ['in_progress', 'holding', 'closing'];
export const FINAL_STATUSES: readonly PositionStatus[] = ['closed', 'cancelled', 'ended'];

export function isPositionStatus(v: string): v is PositionStatus {
  return (POSITION_STATUSES as readonly string[]).includes(v);
}

/** Buy up = long, buy down = short (docs/product.md "Entities and fields" "Direction"). */
export const DIRECTIONS = ['up', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const PRICE_TYPES = ['market', 'limit'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** docs/product.md "Entities and fields": business type. */
export const BUSINESS_TYPES = ['stock', 'day_trade', 'block'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const CLOSE_REASONS = ['user', 'auto_close', 'forced_close'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
/** Notices attached to a position (the UI owns their texts). */
/** Position events; `split` and `dividend` are corporate actions applied to the position. */
export const ALERT_KINDS = ['margin_call', 'forced_close', 'auto_close', 'expired', 'split', 'dividend'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** docs/product.md "Validation": 1 to 1,000,000 lots. */
export const LOTS_MIN = 1;
export const LOTS_MAX = 1_000_000;

/** Leverage is stored in tenths (3.3× = 33) so no float ever reaches money. */
export const LEVERAGE_SCALE = 10;

/** 3.3 → 33; null when the number has more than one decimal or is not finite. */
export function leverageTenths(leverage: number): number | null {
  if (!Number.isFinite(leverage)) return null;
  const t = Math.round(leverage * LEVERAGE_SCALE);
  return Math.abs(t - leverage * LEVERAGE_SCALE) < 1e-9 ? t : null;
}

export function leverageFromTenths(tenths: number): number {
  return tenths / LEVERAGE_SCALE;
}

/**
 * A short sells borrowed shares, so it is always a margin trade (信用新規売): 1× is a cash buy only
 * (docs/domain.md "Trading"). The server refuses the rest with `short_needs_margin`; the ticket
 * does not offer it.
 */
export function leverageAllowed(direction: Direction, leverageX10: number): boolean {
  return direction === 'up' || leverageX10 > LEVERAGE_SCALE;
}

/**
 * Whether the T+N selling rule (config `sellAfterDays`) applies: only to a cash holding (1×, long,
 * not a day trade). A margin position or a short can always be closed — the user may cut a loss
 * the system could force-close (docs/domain.md "Trading").
 */
export function tPlusNApplies(p: { dayTrade: boolean; leverageX10: number; direction: string }): boolean {
  return !p.dayTrade && p.leverageX10 === 10 && p.direction === 'up';
}
