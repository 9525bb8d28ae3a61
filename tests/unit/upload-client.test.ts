// @vitest-environment jsdom
/**
 * The PWA's upload (src/app/features/uploads/upload-client.ts): POST uploads in its documented
 * multipart form (a `file` part and a `purpose` field) through XMLHttpRequest, so progress is reported.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../../src/app/features/uploads/upload-client';
import { ApiError } from '../../src/app/api/client';

/** A stand-in XMLHttpRequest that records what was sent and answers what a test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

const VIEW = { id: 'u1', purpose: 'kyc_front', mime: 'image/jpeg', size: 3, width: 1, height: 1, createdAt: 0 };

describe('uploadFile', () => {
  it('sends a multipart form with the file and its purpose, sets no Content-Type of its own, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'パスポート 山田.jpg', { type: 'image/jpeg' });
    const done = uploadFile(file, 'kyc_front', (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/vue/uploads']);
    // The browser writes multipart/form-data with its boundary itself.
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.sent).toBeInstanceOf(FormData);
    const form = xhr.sent as FormData;
    expect(form.getAll('purpose')).toEqual(['kyc_front']);
    const parts = form.getAll('file');
    expect(parts).toHaveLength(1);
    const part = parts[0] as File;
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    // The user's own file name (it may say whose document it is) is not sent.
    expect(part.name).toBe('kyc_front');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.answer(200, { status: 1, msg: 'success', data: VIEW });
    await expect(done).resolves.toEqual(VIEW);
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with the server’s message id', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadFile(new Blob([new Uint8Array([1])]), 'receipt', () => undefined);
    FakeXhr.last!.answer(400, { status: 0, msg: 'upload_type_not_allowed' });
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).msg).toBe('upload_type_not_allowed');
  });
});
