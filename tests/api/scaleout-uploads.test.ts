import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error s3rver ships no types; a local S3-compatible server for this test only.
import S3rver from 's3rver';
import { fileStoreFromConfig, LocalFileStore, S3FileStore, type FileStore } from '../../src/server/platform/uploads';
import { loadConfig, type Env } from '../../src/server/platform/config';

/** The store main.ts builds with `env` as its environment. */
const fileStoreFromEnv = (env: Env) => fileStoreFromConfig(loadConfig(env).uploads);

/**
 * Uploads behind the FileStore interface in scale-out (docs/decisions/021-scale-out.md): what one
 * instance stores, another instance reads — through a directory both mount, or through an
 * S3-compatible bucket (s3rver, a local S3 server, stands in for S3/MinIO here).
 */
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);

async function roundTrip(writer: FileStore, reader: FileStore): Promise<void> {
  const key = await writer.put(bytes);
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  const got = await reader.get(key);
  expect(got && Array.from(got)).toEqual(Array.from(bytes));
  await reader.delete(key);
  expect(await writer.get(key)).toBeNull();
  await expect(reader.get('../etc/passwd')).rejects.toThrow('malformed storage key');
}

describe('uploads shared between instances', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-shared-uploads-'));
  const s3dir = mkdtempSync(join(tmpdir(), 'kabuto-s3rver-'));
  let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
  let endpoint = '';

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'kabuto-test' }] });
    const addr = await s3.run();
    endpoint = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(s3dir, { recursive: true, force: true });
  });

  it('a shared directory (KABUTO_UPLOADS_DIR): stored by one instance, read and deleted by another', async () => {
    const a = fileStoreFromEnv({ KABUTO_UPLOADS_DIR: dir });
    expect(a).toBeInstanceOf(LocalFileStore);
    await roundTrip(a, fileStoreFromEnv({ KABUTO_UPLOADS_DIR: dir }));
  });

  it('an S3-compatible bucket (KABUTO_S3_*): stored by one instance, read and deleted by another; a missing key is null', async () => {
    const env = {
      KABUTO_S3_BUCKET: 'kabuto-test', KABUTO_S3_ENDPOINT: endpoint, KABUTO_S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const a = fileStoreFromEnv(env);
    expect(a).toBeInstanceOf(S3FileStore);
    await roundTrip(a, fileStoreFromEnv(env));
    expect(await a.get('0'.repeat(32))).toBeNull();
  });

  it('S3 settings without credentials are refused at start', () => {
    expect(() => fileStoreFromEnv({ KABUTO_S3_BUCKET: 'b' })).toThrow('AWS_ACCESS_KEY_ID');
  });
});
