import { crc32 } from 'node:zlib';
import { request } from 'node:http';
import sharp from 'sharp';
import type { TestServer } from '../support/server';

/** POST uploads with raw bytes (the endpoint's body is the file, not JSON). */
export async function upload(s: TestServer, token: string | undefined, bytes: Uint8Array, purpose = 'kyc_front', contentType = 'application/octet-stream') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.token = token;
  const res = await fetch(`${s.url}/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers, body: bytes as unknown as BodyInit });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** GET uploads/{id}: the bytes (or the failure envelope). */
export async function download(s: TestServer, token: string | undefined, id: string) {
  const res = await fetch(`${s.url}/api/vue/uploads/${id}`, { headers: token ? { token } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

/** A small JPEG photo. */
export function photo(width = 64, height = 48, color = '#c33'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
}

/** A JPEG carrying EXIF with a GPS position (IFD3 is the GPS IFD in libvips' names) and a rotation. */
export function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Kabuto test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 45/1 1/1' },
    })
    .toBuffer();
}

/** The EXIF block holds the GPS IFD pointer (tag 0x8825, little-endian as libvips writes it). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return !!exif && exif.includes(Buffer.from([0x25, 0x88]));
}

/**
 * A PNG whose header claims `width`×`height` but carries one tiny IDAT: the decompression-bomb
 * shape (the header is all a limit may read).
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
  const out = Buffer.from(png);
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}

/** A minimal one-page PDF; `extra` goes into the catalog dictionary (e.g. an /OpenAction). */
export function pdf(extra = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** A Windows executable's first bytes ("MZ" header and the DOS stub text). */
export function exe(): Buffer {
  const b = Buffer.alloc(4096);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return b;
}

/**
 * POST uploads of `mb` megabytes, chunked or with a Content-Length, written until the server
 * answers: the answer may come (and the server close the connection) before the body is all sent,
 * which fetch reports as a failed write instead of the answer.
 */
export function uploadLarge(s: TestServer, token: string, mb: number, framing: 'chunked' | 'length'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${s.url}/api/vue/uploads?purpose=receipt`);
    const length = framing === 'length' ? { 'content-length': String(mb * 1024 * 1024) } : { 'transfer-encoding': 'chunked' };
    const req = request(url, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream', ...length } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    // 64 KB at a time with a turn of the event loop between writes, so the answer is read as soon
    // as it arrives; with a Content-Length the server answers from the headers alone.
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const total = mb * 16;
    let sent = 0;
    const write = () => {
      if (answered) return;
      if (sent >= total) return void req.end();
      sent += 1;
      if (req.write(chunk)) setImmediate(write);
      else req.once('drain', () => setImmediate(write));
    };
    req.flushHeaders();
    setTimeout(write, framing === 'length' ? 200 : 0);
  });
}
