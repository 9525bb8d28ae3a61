import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import { actsAsStaff, type AuthUser } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { inspectUpload, type FileStore } from '../../platform/uploads';
import { type UploadMime, type UploadPurpose, type UploadView } from '../../../shared/api/uploads';
import type { ConfigService } from '../config';
import { findUpload, insertUpload, lockOwner, usageOf, type UploadRow } from './repo';
import { readUploadInput } from './form';
import { quotaRefusal, tokyoDay, type UploadLimits } from './rules';

/**
 * Uploads (docs/domain.md "Uploads"): checked and re-encoded by platform/uploads, bytes in
 * the FileStore, a row here. Read back by the owner or an admin; anyone else gets the 404 of a
 * missing id, so ids cannot be probed. Each user has quotas (files and MB a Tokyo day, MB in all),
 * decided under the user's lock with the row's insert, so concurrent uploads cannot pass them.
 */
export class UploadService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly config: ConfigService,
  ) {}

  /** Either form of the request (form.ts): a multipart `file` + `purpose`, or the raw body with `?purpose=`. */
  async create(
    user: AuthUser,
    queryPurpose: UploadPurpose | undefined,
    contentType: string | undefined,
    body: ReadableStream<Uint8Array> | null,
  ): Promise<UploadView> {
    const limits = await this.limits();
    // A user already at a quota is refused before the body is read or decoded.
    await this.checkQuota(this.database.db, user.id, 0, limits, this.clock.now());
    const { purpose, bytes: raw } = await readUploadInput(contentType, body, queryPurpose);
    const file = await inspectUpload(raw);
    const key = await this.store.put(file.bytes);
    const row: UploadRow = {
      id: uuidv7(),
      user_id: user.id,
      purpose,
      mime: file.mime,
      size: file.bytes.byteLength,
      width: file.width,
      height: file.height,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      storage_key: key,
      created_at: 0,
    };
    try {
      // The quota is decided here: the user's lock, the usage read and the row commit together, so
      // of N concurrent uploads exactly as many as the quota leaves are stored, whichever instance
      // of a shared PostgreSQL serves them.
      await this.database.db.transaction().execute(async (trx) => {
        await lockOwner(trx, this.database.caps, user.id);
        row.created_at = this.clock.now();
        await this.checkQuota(trx, user.id, row.size, limits, row.created_at);
        await insertUpload(trx, row);
      });
    } catch (err) {
      await this.store.delete(key); // no file without its row
      throw err;
    }
    return view(row);
  }

  private async limits(): Promise<UploadLimits> {
    const c = await this.config.values();
    return { dailyCount: c.uploadDailyCount, dailyMb: c.uploadDailyMb, storedMb: c.uploadStoredMb };
  }

  /** Throws the quota a file of `size` more bytes would pass at `now` (429 daily, 422 in all). */
  private async checkQuota(db: Executor, userId: string, size: number, limits: UploadLimits, now: number): Promise<void> {
    const day = tokyoDay(now);
    const refusal = quotaRefusal(await usageOf(db, userId, day.start), size, limits, day.end);
    if (refusal) throw new DomainError(refusal.kind, refusal.messageId, refusal.params);
  }

  /** The row of an upload `userId` owns, or null (for other areas: KYC, deposits, support). */
  async ownUpload(userId: string, id: string): Promise<UploadView | null> {
    const row = await findUpload(this.database.db, id);
    return row && row.user_id === userId ? view(row) : null;
  }

  /**
   * The file as an HTTP answer, to its owner or to staff (an admin signed in with a passkey: an
   * admin's password session sees other people's documents no more than the back office does). The
   * app-wide security headers (src/server/http/app.ts: CSP with `object-src 'none'` and
   * `frame-ancestors 'none'`) apply too.
   */
  async file(user: AuthUser, id: string): Promise<Response> {
    const row = await findUpload(this.database.db, id);
    if (!row || (row.user_id !== user.id && !actsAsStaff(user))) throw notFound();
    const bytes = await this.store.get(row.storage_key);
    if (!bytes) throw notFound();
    const ext = EXTENSION[row.mime as UploadMime] ?? 'bin';
    return new Response(bytes, {
      status: 200,
      headers: {
        'Content-Type': row.mime,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        // A name of our own (purpose + id): nothing the user typed reaches a header.
        'Content-Disposition': `inline; filename="${row.purpose}-${row.id}.${ext}"`,
      },
    });
  }
}

const EXTENSION: Record<UploadMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

function view(row: UploadRow): UploadView {
  return {
    id: row.id,
    purpose: row.purpose as UploadPurpose,
    mime: row.mime as UploadMime,
    size: Number(row.size),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    createdAt: Number(row.created_at),
  };
}
