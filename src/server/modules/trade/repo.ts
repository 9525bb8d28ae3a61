import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB, TradePositionTable } from '../../db/schema';
import type { Capabilities } from '../../db/capabilities';
import type { AlertKind, PositionStatus } from '../../../shared/domain/position';
import { notify, type MessageKind } from '../messaging';

export type PositionRow = Selectable<TradePositionTable>;
export type PositionPatch = Updateable<TradePositionTable>;
export interface AlertRow {
  kind: AlertKind;
  params: Record<string, string | number>;
  at: number;
}

export async function insertPosition(db: Kysely<DB>, row: Insertable<TradePositionTable>): Promise<void> {
  await db.insertInto('trade_position').values(row).execute();
}

/**
 * The row, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a
 * time anyway), so a user command and a job never act on the same position at once.
 */
export async function lockPosition(db: Kysely<DB>, caps: Capabilities, id: string): Promise<PositionRow | undefined> {
  let q = db.selectFrom('trade_position').selectAll().where('id', '=', id);
  if (caps.rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findPosition(db: Kysely<DB>, userId: string, id: string): Promise<PositionRow | undefined> {
  return db.selectFrom('trade_position').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Moves a position from `from` and applies `patch`, only if it is still in `from`: the status is
 * the guard, so a repeated or concurrent action cannot apply twice.
 */
export async function transition(db: Kysely<DB>, id: string, from: PositionStatus, patch: PositionPatch): Promise<boolean> {
  const res = await db.updateTable('trade_position').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function listPositions(
  db: Kysely<DB>,
  userId: string,
  opts: { statuses?: readonly string[]; businessType?: string; cursor?: string; limit: number },
): Promise<{ rows: PositionRow[]; next: string | null }> {
  let q = db.selectFrom('trade_position').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(opts.limit + 1);
  if (opts.statuses?.length) q = q.where('status', 'in', opts.statuses);
  if (opts.businessType) q = q.where('business_type', '=', opts.businessType);
  if (opts.cursor) q = q.where('id', '<', opts.cursor);
  const rows = await q.execute();
  const page = rows.slice(0, opts.limit);
  return { rows: page, next: rows.length > opts.limit ? page[page.length - 1]!.id : null };
}

export async function addAlert(db: Kysely<DB>, pos: PositionRow, alert: AlertRow): Promise<void> {
  await db
    .insertInto('trade_alert')
    .values({ id: uuidv7(), position_id: pos.id, user_id: pos.user_id, kind: alert.kind, params_json: JSON.stringify(alert.params), at: alert.at })
    .execute();
  // The user's message box hears of it in the same transaction (docs/domain.md "Messages, news and support").
  const kind = MESSAGE_OF_ALERT[alert.kind];
  if (kind) {
    await notify(db, {
      userId: pos.user_id, kind, at: alert.at, dedupeKey: `${alert.kind}:${pos.id}:${alert.at}`,
      params: { ...alert.params, code: pos.code, event: alert.kind, quantity: pos.quantity, priceScale: pos.price_scale },
    });
  }
}

/** Position alerts that are also messages (auto-close and expiry show on the position only). */
const MESSAGE_OF_ALERT: Partial<Record<AlertKind, MessageKind>> = {
  margin_call: 'margin_call',
  forced_close: 'forced_close',
  split: 'corporate_action',
  dividend: 'corporate_action',
};

/** An order filled (opening or closing): a message to its owner, in the fill's transaction. */
export async function notifyFill(db: Kysely<DB>, pos: Pick<PositionRow, 'id' | 'user_id' | 'code' | 'direction' | 'quantity' | 'price_scale'>, leg: 'open' | 'close', price: number, at: number): Promise<void> {
  await notify(db, {
    userId: pos.user_id, kind: 'order_filled', at, dedupeKey: `fill_${leg}:${pos.id}`,
    params: { code: pos.code, leg, direction: pos.direction, quantity: pos.quantity, price, priceScale: pos.price_scale },
  });
}

export async function alertsFor(db: Kysely<DB>, positionIds: string[]): Promise<Map<string, AlertRow[]>> {
  const out = new Map<string, AlertRow[]>();
  if (positionIds.length === 0) return out;
  const rows = await db.selectFrom('trade_alert').selectAll().where('position_id', 'in', positionIds).orderBy('id').execute();
  for (const r of rows) {
    const list = out.get(r.position_id) ?? [];
    list.push({ kind: r.kind as AlertKind, params: JSON.parse(r.params_json) as AlertRow['params'], at: Number(r.at) });
    out.set(r.position_id, list);
  }
  return out;
}

/** Positions a job may have to act on at `now`, oldest first (time order). */
export async function dueRows(db: Kysely<DB>, now: number, today: string): Promise<PositionRow[]> {
  return db
    .selectFrom('trade_position')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb.or([eb('fill_at', '<=', now), eb('expires_at', '<=', now), eb('auto_close_at', '<=', now)])]),
        eb.and([
          eb('status', 'in', ['holding', 'closing']),
          eb.or([eb('close_fill_at', '<=', now), eb('close_expires_at', '<=', now), eb('auto_close_at', '<=', now)]),
        ]),
        eb.and([eb('status', '=', 'in_progress'), eb('locked_until', '<=', today)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Rows the price-driven work looks at: pending limit orders, limit closes and held margin. */
export async function liveRows(db: Kysely<DB>): Promise<PositionRow[]> {
  return db.selectFrom('trade_position').selectAll().where('status', 'in', ['pending', 'holding', 'closing']).orderBy('id').execute();
}

export async function interestDueRows(db: Kysely<DB>, today: string): Promise<PositionRow[]> {
  return db
    .selectFrom('trade_position')
    .selectAll()
    .where('status', 'in', ['holding', 'closing'])
    .where('interest_from', 'is not', null)
    .where('interest_from', '<', today)
    .orderBy('id')
    .execute();
}
