import type { Kysely, Selectable } from 'kysely';
import type { BlockOfferTable, DB } from '../../db/schema';

export type OfferRow = Selectable<BlockOfferTable>;

export async function insertOffer(db: Kysely<DB>, row: OfferRow): Promise<void> {
  await db.insertInto('block_offer').values(row).execute();
}

export async function findOffer(db: Kysely<DB>, id: string): Promise<OfferRow | undefined> {
  return db.selectFrom('block_offer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Offers whose window has not ended, soonest ending first. */
export async function currentOffers(db: Kysely<DB>, now: number): Promise<OfferRow[]> {
  return db.selectFrom('block_offer').selectAll().where('window_to', '>', now).orderBy('window_to').orderBy('id').limit(200).execute();
}

export async function pageOffers(db: Kysely<DB>, cursor: string | undefined, limit: number): Promise<{ rows: OfferRow[]; next: string | null }> {
  let q = db.selectFrom('block_offer').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (cursor) q = q.where('id', '<', cursor);
  const rows = await q.execute();
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** Takes `shares` off the offer only if that many are left: the row is the guard against overselling. */
export async function takeShares(db: Kysely<DB>, id: string, shares: number): Promise<boolean> {
  const res = await db
    .updateTable('block_offer')
    .set((eb) => ({ shares_available: eb('shares_available', '-', shares) }))
    .where('id', '=', id)
    .where('shares_available', '>=', shares)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** Ends the offer's window at `to` (purchases already made stand). */
export async function endWindow(db: Kysely<DB>, id: string, to: number): Promise<void> {
  await db.updateTable('block_offer').set({ window_to: to }).where('id', '=', id).execute();
}
