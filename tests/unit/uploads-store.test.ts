import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/server/platform/uploads';

describe('the local FileStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = new LocalFileStore(dir);

  it('stores under random names, private to the server user, and reads back and deletes', async () => {
    const a = await store.put(new Uint8Array([1, 2, 3]));
    const b = await store.put(new Uint8Array([1, 2, 3]));
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
    expect(Buffer.from((await store.get(a))!)).toEqual(Buffer.from([1, 2, 3]));
    expect(statSync(join(dir, a.slice(0, 2), a)).mode & 0o777).toBe(0o600);
    // No temporary file is left behind.
    expect(readdirSync(join(dir, a.slice(0, 2))).some((f) => f.endsWith('.tmp'))).toBe(false);
    await store.delete(a);
    expect(await store.get(a)).toBeNull();
    expect(await store.get('0'.repeat(32))).toBeNull();
  });

  it('refuses a key that is not one of its own (no path traversal)', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/malformed/);
    await expect(store.delete('aa/../../x')).rejects.toThrow(/malformed/);
  });
});
