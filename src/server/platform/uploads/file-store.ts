import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/*
 * Where uploaded bytes live (docs/domain.md "Uploads"): outside the web root, under names
 * that say nothing (random, not the user's file name or id), behind this interface so a deployment
 * can swap the local directory for an object store.
 *
 * Implementations (store-from-env.ts picks one): a local directory (embedded mode), the same on a
 * directory every instance mounts (scale-out, KABUTO_UPLOADS_DIR), or an S3-compatible bucket
 * (s3-store.ts: PutObject / GetObject / DeleteObject on a private bucket). The bucket is never
 * served directly and no presigned URLs are handed out: reads go through `GET uploads/{id}`, which
 * checks the owner or admin first.
 */
export interface FileStore {
  /** Store bytes under a new random key and answer the key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

/** A key newStorageKey() could have made (nothing else reaches a path or an object name). */
export function storageKeyOk(key: string): boolean {
  return KEY.test(key);
}

/** Random keys of 128 bits, hex: no path separators, nothing guessable. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A local directory ($KABUTO_DATA_DIR/uploads). Files are written to a temporary name and renamed,
 * so a reader never sees half a file; two-character subdirectories keep directories small.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!storageKeyOk(key)) throw new Error('malformed storage key');
    return join(this.dir, key.slice(0, 2), key);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = newStorageKey();
    const path = this.pathOf(key);
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    const tmp = `${path}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
    await rename(tmp, path);
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
