/** Kysely queries on `ipo_offering` and `ipo_application`; every function takes the pool or a transaction. */
import type { Executor } from '../../db/executor';
import type { IpoApplicationTable, IpoOfferingTable } from './tables';
import './tables';

export type OfferingRow = IpoOfferingTable;
export type ApplicationRow = IpoApplicationTable;

const n = (v: unknown) => Number(v);
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function offering(r: OfferingRow): OfferingRow {
  return {
    ...r,
    price_scale: n(r.price_scale), price_low: n(r.price_low), price_high: n(r.price_high), final_price: nn(r.final_price), open_price: nn(r.open_price),
    shares_offered: n(r.shares_offered), shares_outstanding: n(r.shares_outstanding), min_lots: n(r.min_lots), min_funds: n(r.min_funds),
    repeat_max: n(r.repeat_max), window_from: n(r.window_from), window_to: n(r.window_to), draw_at: n(r.draw_at), payment_due: n(r.payment_due),
    listing_at: n(r.listing_at), priced_at: nn(r.priced_at), drawn_at: nn(r.drawn_at), paid_at: nn(r.paid_at), listed_at: nn(r.listed_at),
    created_at: n(r.created_at),
  };
}

function application(r: ApplicationRow): ApplicationRow {
  return {
    ...r,
    lots: n(r.lots), reserve_price: n(r.reserve_price), reserved: n(r.reserved), won_lots: nn(r.won_lots),
    created_at: n(r.created_at), updated_at: n(r.updated_at),
  };
}

export async function insertOffering(db: Executor, row: OfferingRow): Promise<void> {
  await db.insertInto('ipo_offering').values(row).execute();
}

export async function findOffering(db: Executor, id: string): Promise<OfferingRow | undefined> {
  const r = await db.selectFrom('ipo_offering').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? offering(r) : undefined;
}

export async function offeringByCode(db: Executor, code: string): Promise<OfferingRow | undefined> {
  const r = await db.selectFrom('ipo_offering').selectAll().where('code', '=', code).where('kind', '=', 'ipo').executeTakeFirst();
  return r ? offering(r) : undefined;
}

export async function allOfferings(db: Executor, limit = 200): Promise<OfferingRow[]> {
  const rows = await db.selectFrom('ipo_offering').selectAll().orderBy('window_from', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(offering);
}

/** Offerings with a step due: priced, drawn, paid or listed not yet, whose time has come. */
export async function dueOfferings(db: Executor, at: number): Promise<OfferingRow[]> {
  const rows = await db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('listed_at', 'is', null)
    .where('window_to', '<=', at)
    .orderBy('id')
    .execute();
  return rows.map(offering);
}

/** Listed IPOs (their instruments are handed to the simulator at start). */
export async function listedIpos(db: Executor): Promise<OfferingRow[]> {
  const rows = await db.selectFrom('ipo_offering').selectAll().where('kind', '=', 'ipo').where('listed_at', 'is not', null).execute();
  return rows.map(offering);
}

export async function setOffering(db: Executor, id: string, patch: Partial<OfferingRow>, unlessSet?: keyof OfferingRow): Promise<boolean> {
  let q = db.updateTable('ipo_offering').set(patch).where('id', '=', id);
  if (unlessSet) q = q.where(unlessSet, 'is', null);
  const res = await q.executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function insertApplication(db: Executor, row: ApplicationRow): Promise<void> {
  await db.insertInto('ipo_application').values(row).execute();
}

export async function findApplication(db: Executor, id: string): Promise<ApplicationRow | undefined> {
  const r = await db.selectFrom('ipo_application').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? application(r) : undefined;
}

export async function ownApplication(db: Executor, userId: string, id: string): Promise<ApplicationRow | undefined> {
  const r = await db.selectFrom('ipo_application').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r ? application(r) : undefined;
}

export async function applicationsOf(db: Executor, userId: string, offeringId?: string): Promise<ApplicationRow[]> {
  let q = db.selectFrom('ipo_application').selectAll().where('user_id', '=', userId);
  if (offeringId) q = q.where('offering_id', '=', offeringId);
  return (await q.orderBy('id', 'desc').limit(500).execute()).map(application);
}

/** The offering's applications that were not cancelled, by id. */
export async function liveApplications(db: Executor, offeringId: string): Promise<ApplicationRow[]> {
  const rows = await db
    .selectFrom('ipo_application')
    .selectAll()
    .where('offering_id', '=', offeringId)
    .where('status', '!=', 'cancelled')
    .orderBy('id')
    .execute();
  return rows.map(application);
}

/**
 * The user's allotments paid for and not delivered yet (payment_made until the listing job ends
 * them), each with its offering, along the user's index.
 */
export async function paidUndelivered(db: Executor, userId: string): Promise<{ a: ApplicationRow; o: OfferingRow }[]> {
  const apps = await db
    .selectFrom('ipo_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'payment_made')
    .execute();
  if (apps.length === 0) return [];
  const ids = [...new Set(apps.map((r) => r.offering_id))];
  const offerings = new Map((await db.selectFrom('ipo_offering').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, offering(r)]));
  return apps.map((r) => ({ a: application(r), o: offerings.get(r.offering_id)! }));
}

export async function withStatus(db: Executor, offeringId: string, status: string): Promise<ApplicationRow[]> {
  const rows = await db.selectFrom('ipo_application').selectAll().where('offering_id', '=', offeringId).where('status', '=', status).orderBy('id').execute();
  return rows.map(application);
}

export async function countLive(db: Executor, userId: string, offeringId: string): Promise<number> {
  const r = await db
    .selectFrom('ipo_application')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('offering_id', '=', offeringId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Lots applied, applications (the draw's applicants), winning applications and lots won, per offering. */
export async function demand(db: Executor, ids: string[]): Promise<Map<string, { lots: number; applicants: number; winners: number; wonLots: number }>> {
  const out = new Map<string, { lots: number; applicants: number; winners: number; wonLots: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('ipo_application')
    .select(['offering_id', 'lots', 'won_lots'])
    .where('offering_id', 'in', ids)
    .where('status', '!=', 'cancelled')
    .execute();
  for (const r of rows) {
    const d = out.get(r.offering_id) ?? { lots: 0, applicants: 0, winners: 0, wonLots: 0 };
    const won = Number(r.won_lots ?? 0);
    d.lots += Number(r.lots);
    d.applicants += 1;
    d.wonLots += won;
    if (won > 0) d.winners += 1;
    out.set(r.offering_id, d);
  }
  return out;
}

/** Moves an application from `from` to the patch; false when it was not in `from` (another run did it). */
export async function moveApplication(db: Executor, id: string, from: string | readonly string[], patch: Partial<ApplicationRow>): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : [...from];
  const res = await db.updateTable('ipo_application').set(patch).where('id', '=', id).where('status', 'in', froms).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}
