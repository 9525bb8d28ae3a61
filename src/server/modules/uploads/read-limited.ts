import { DomainError, invalid } from '../../errors';

/**
 * The body, at most `max` bytes: read chunk by chunk and abandoned as soon as it passes the limit
 * (the HTTP edge's own limit refuses a larger Content-Length before this runs). `reportedMax` is
 * the limit the client is told (the file's, when `max` also allows for a multipart form's framing).
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, max: number, reportedMax = max): Promise<Uint8Array> {
  if (!body) throw invalid('upload_empty');
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new DomainError('payload_too_large', 'upload_too_large', { max: reportedMax });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
