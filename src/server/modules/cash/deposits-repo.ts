import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CashDepositChannelTable, CashDepositTable } from '../../db/schema';

export type ChannelRow = Selectable<CashDepositChannelTable>;
export type DepositRow = Selectable<CashDepositTable> & { channel_type: string; channel_label: string };
export type DepositQueueRow = DepositRow & { phone: string };

export function listChannels(db: Executor, activeOnly: boolean): Promise<ChannelRow[]> {
  let q = db.selectFrom('cash_deposit_channel').selectAll().orderBy('created_at').orderBy('id');
  if (activeOnly) q = q.where('active', '=', 1);
  return q.execute();
}

export function findChannel(db: Executor, id: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('cash_deposit_channel').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(db: Executor, row: Insertable<CashDepositChannelTable>): Promise<void> {
  await db.insertInto('cash_deposit_channel').values(row).execute();
}

/** The channel offered no more; false when there is no such channel. */
export async function disableChannel(db: Executor, id: string, reason: string, at: number): Promise<boolean> {
  const res = await db.updateTable('cash_deposit_channel').set({ active: 0, disabled_reason: reason, updated_at: at }).where('id', '=', id).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

function deposits(db: Executor) {
  return db
    .selectFrom('cash_deposit as d')
    .innerJoin('cash_deposit_channel as c', 'c.id', 'd.channel_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select(['c.type as channel_type', 'c.label as channel_label', 'u.phone']);
}

export function depositsOf(db: Executor, userId: string): Promise<DepositQueueRow[]> {
  return deposits(db).where('d.user_id', '=', userId).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(100).execute();
}

export function findDeposit(db: Executor, id: string): Promise<DepositQueueRow | undefined> {
  return deposits(db).where('d.id', '=', id).executeTakeFirst();
}

export function queue(db: Executor, status: string, userId: string | undefined, limit: number): Promise<DepositQueueRow[]> {
  let q = deposits(db).where('d.review_status', '=', status);
  if (userId) q = q.where('d.user_id', '=', userId);
  return q.orderBy('d.created_at').orderBy('d.id').limit(limit).execute();
}

/** A write of the user's row that changes nothing: it takes the row's lock until the transaction ends. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
}

export async function insertDeposit(db: Executor, row: Insertable<CashDepositTable>): Promise<void> {
  await db.insertInto('cash_deposit').values(row).execute();
}

/** The approved amount and its ledger entry. */
export async function setCredited(db: Executor, id: string, amount: number, entryId: string): Promise<void> {
  await db.updateTable('cash_deposit').set({ credited_amount: amount, entry_id: entryId }).where('id', '=', id).execute();
}

export async function pendingOf(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('cash_deposit').select('id').where('user_id', '=', userId).where('review_status', '=', 'pending').executeTakeFirst();
  return !!row;
}

/**
 * Whether another deposit that was not rejected (pending or approved) uses this receipt upload:
 * one deposit per receipt (migration 2026-11-27-003, docs/domain.md "Deposits"). `exceptId` leaves
 * out the deposit itself. Read through the partial unique index (its own conditions): a receipt
 * shared before the index always has its oldest live row there, since a user's earlier deposit is
 * decided before the next is asked.
 */
export async function receiptUsedElsewhere(db: Executor, receiptUploadId: string, exceptId: string | null): Promise<boolean> {
  let q = db
    .selectFrom('cash_deposit')
    .select('id')
    .where('receipt_upload_id', '=', receiptUploadId)
    .where('review_status', '<>', 'rejected')
    .where('receipt_repeat', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.limit(1).executeTakeFirst());
}

// ─── USDT deposit addresses (migration 2026-11-25-013): one per user and channel, given for good ───

export async function addressOf(db: Executor, channelId: string, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('cash_deposit_address').select('address').where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
  return row?.address;
}

export function firstFreeAddress(db: Executor, channelId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('cash_deposit_address')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('user_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Gives the address to the user when it is still free; false when someone took it first. */
export async function takeAddress(db: Executor, id: string, userId: string, now: number): Promise<boolean> {
  const res = await db.updateTable('cash_deposit_address').set({ user_id: userId, assigned_at: now }).where('id', '=', id).where('user_id', 'is', null).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function insertAddress(db: Executor, id: string, channelId: string, address: string, now: number): Promise<void> {
  await db.insertInto('cash_deposit_address').values({ id, channel_id: channelId, address, user_id: null, assigned_at: null, created_at: now }).execute();
}

export async function loadedAddresses(db: Executor, channelId: string, addresses: readonly string[]): Promise<string[]> {
  if (!addresses.length) return [];
  const rows = await db.selectFrom('cash_deposit_address').select('address').where('channel_id', '=', channelId).where('address', 'in', addresses).execute();
  return rows.map((r) => r.address);
}

export async function addressCounts(db: Executor): Promise<Map<string, { total: number; free: number }>> {
  const rows = await db
    .selectFrom('cash_deposit_address')
    .select((eb) => ['channel_id', eb.fn.countAll<number>().as('total'), eb.fn.count<number>('user_id').as('taken')])
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, { total: Number(r.total), free: Number(r.total) - Number(r.taken) }]));
}
