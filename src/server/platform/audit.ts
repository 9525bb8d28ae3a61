import { uuidv7 } from 'uuidv7';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import type { Clock } from '../clock';

export interface AuditRecord {
  adminId: string;
  action: string;
  target: string;
  reason: string;
  detail?: Record<string, unknown>;
}

/** Exact matches; an absent field does not filter. */
export interface AuditFilter {
  adminId?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
}

export interface AuditEntry extends Required<AuditRecord> {
  id: string;
  at: number;
}

/**
 * The append-only admin audit log (docs/architecture.md "The contract": every admin command needs a reason and is logged).
 * The table refuses UPDATE/DELETE at the database level.
 */
export class AuditLog {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Call with the transaction that carries the change, so the change and its record commit together. */
  async record(trx: Executor, rec: AuditRecord): Promise<string> {
    const id = uuidv7();
    await trx
      .insertInto('admin_audit')
      .values({
        id,
        admin_id: rec.adminId,
        action: rec.action,
        target: rec.target,
        reason: rec.reason,
        detail_json: JSON.stringify(rec.detail ?? {}),
        at: this.clock.now(),
      })
      .execute();
    return id;
  }

  /**
   * Newest first. UUIDv7 ids sort by creation, so the cursor is simply the last id seen; this stays
   * stable when new rows arrive while someone pages.
   */
  async list(opts: AuditFilter & { cursor?: string | undefined; limit: number }): Promise<{ items: AuditEntry[]; next: string | null }> {
    let q = this.database.db.selectFrom('admin_audit').selectAll().orderBy('id', 'desc').limit(opts.limit + 1);
    if (opts.cursor) q = q.where('id', '<', opts.cursor);
    if (opts.adminId) q = q.where('admin_id', '=', opts.adminId);
    if (opts.target) q = q.where('target', '=', opts.target);
    if (opts.action) q = q.where('action', '=', opts.action);
    const rows = await q.execute();
    const page = rows.slice(0, opts.limit);
    return {
      items: page.map((r) => ({
        id: r.id,
        adminId: r.admin_id,
        action: r.action,
        target: r.target,
        reason: r.reason,
        detail: JSON.parse(r.detail_json) as Record<string, unknown>,
        at: Number(r.at),
      })),
      next: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}
