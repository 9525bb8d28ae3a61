/** The rows corporate actions read and mark (corporate.ts): the `actions_through` mark of each open row. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { IsoDate } from '../../../shared/market';
import type { PositionRow } from './repo';

/** Ids per statement when marking rows: bounded batches, well under SQLite's parameter limit. */
const IDS_PER_UPDATE = 500;

/**
 * Rows in `statuses` not brought up to `today`, in id order: two index ranges on (status,
 * actions_through), so after the day's first run nothing is read.
 */
export async function rowsBehind(db: Kysely<DB>, statuses: readonly string[], today: IsoDate) {
  const cols = ['id', 'code', 'actions_through', 'buy_time', 'placed_at'] as const;
  return [
    ...(await db.selectFrom('trade_position').select(cols).where('status', 'in', statuses).where('actions_through', '<', today).execute()),
    ...(await db.selectFrom('trade_position').select(cols).where('status', 'in', statuses).where('actions_through', 'is', null).execute()),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Rows with nothing due only move their mark, in bounded batches. */
export async function markIdleThrough(db: Kysely<DB>, ids: readonly string[], today: IsoDate): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_UPDATE) {
    await db.updateTable('trade_position').set({ actions_through: today })
      .where('id', 'in', ids.slice(i, i + IDS_PER_UPDATE)).where((eb) => eb.or([eb('actions_through', 'is', null), eb('actions_through', '<', today)])).execute();
  }
}

/** A split applied to the row: its adjusted shares and prices, and the ex-date reflected. */
export async function applySplitRow(db: Kysely<DB>, id: string, patch: Partial<PositionRow>, exDate: IsoDate, at: number): Promise<void> {
  await db.updateTable('trade_position').set({ ...patch, actions_through: exDate, updated_at: at }).where('id', '=', id).execute();
}

/** The row reflects every action through `through` (`at`: the instant it changed, when it did). */
export async function markReflected(db: Kysely<DB>, id: string, through: IsoDate, at?: number): Promise<void> {
  const set = at === undefined ? { actions_through: through } : { actions_through: through, updated_at: at };
  await db.updateTable('trade_position').set(set).where('id', '=', id).execute();
}
