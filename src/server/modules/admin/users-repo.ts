import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The back office's search over `users`. The account module has no search of its own (it looks
 * users up by id, phone or invite code only), so this read lives with the screen that needs it.
 */
export interface UserSearchRow {
  id: string;
  phone: string;
  state: string;
  is_admin: number;
  created_at: number;
}

/** `%` and `_` are wildcards in LIKE; a search for them means the characters. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Newest first (ids are UUIDv7, so id order is creation order); `q` matches part of a phone or the start of an id. */
export async function searchUsers(
  db: Executor,
  opts: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ rows: UserSearchRow[]; next: string | null }> {
  let query = db
    .selectFrom('users')
    .select(['id', 'phone', 'state', 'is_admin', 'created_at'])
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.cursor) query = query.where('id', '<', opts.cursor);
  const q = opts.q?.trim();
  if (q) {
    const phone = `%${likeEscape(q)}%`;
    const id = `${likeEscape(q.toLowerCase())}%`;
    // ESCAPE spelled out: SQLite's LIKE has no escape character by default.
    query = query.where(sql<boolean>`(phone like ${phone} escape '\\' or id like ${id} escape '\\')`);
  }
  const rows = await query.execute();
  const page = rows.slice(0, opts.limit);
  return {
    rows: page.map((r) => ({ ...r, is_admin: Number(r.is_admin), created_at: Number(r.created_at) })),
    next: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Phones of the given user ids (the audit log shows who acted). */
export async function phonesOf(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'phone']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.phone]));
}

/** The id of the user with this id or phone, if any (the audit filter accepts either). */
export async function resolveUser(db: Executor, idOrPhone: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', idOrPhone), eb('phone', '=', idOrPhone)]))
    .executeTakeFirst();
  return row?.id ?? null;
}
