import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { notFound } from '../../errors';
import { inspectUpload, type FileStore } from '../../platform/uploads';
import { type UploadMime, type UploadPurpose, type UploadView } from '../../../shared/api/uploads';
import { findUpload, insertUpload, type UploadRow } from './repo';
import { readUploadInput } from './form';

/**
 * Uploads (docs/domain.md "Uploads"): checked and re-encoded by platform/uploads, bytes in
 * the FileStore, a row here. Read back by the owner or an admin; anyone else gets the 404 of a
 * missing id, so ids cannot be probed.
 */
export class UploadService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly store: FileStore,
  ) {}

  /** Either form of the request (form.ts): a multipart `file` + `purpose`, or the raw body with `?purpose=`. */
  async create(
    user: AuthUser,
    queryPurpose: UploadPurpose | undefined,
    contentType: string | undefined,
    body: ReadableStream<Uint8Array> | null,
  ): Promise<UploadView> {
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
      created_at: this.clock.now(),
    };
    try {
      await insertUpload(this.database.db, row);
    } catch (err) {
      await this.store.delete(key); // no file without its row
      throw err;
    }
    return view(row);
  }

  /** The row of an upload `userId` owns, or null (for other areas: KYC, deposits, support). */
  async ownUpload(userId: string, id: string): Promise<UploadView | null> {
    const row = await findUpload(this.database.db, id);
    return row && row.user_id === userId ? view(row) : null;
  }

  /**
   * The file as an HTTP answer, to its owner or an admin. The app-wide security headers
   * (src/server/http/app.ts: CSP with `object-src 'none'` and `frame-ancestors 'none'`) apply too.
   */
  async file(user: AuthUser, id: string): Promise<Response> {
    const row = await findUpload(this.database.db, id);
    if (!row || (row.user_id !== user.id && !user.isAdmin)) throw notFound();
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
