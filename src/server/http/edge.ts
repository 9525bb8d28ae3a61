import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MessageId } from '../../shared/api/messages';
import { failure } from './envelope';

/*
 * The HTTP edge below Hono: what Node answers before a request reaches the app (an oversized
 * header block, a malformed request line, a request that timed out), and the client address
 * behind a trusted proxy. main.ts and tests/support/server.ts install the same handler.
 */

/**
 * The client address behind `hops` trusted proxies: each proxy appends the address it received
 * the request from, so the Nth entry from the right is the one our outermost proxy saw. Entries
 * further left were written by the client and are ignored. With fewer entries than hops (a proxy
 * reached directly), the leftmost entry — still written by one of ours — is taken.
 */
export function forwardedClientIp(forwardedFor: string | undefined, hops: number): string | undefined {
  if (hops < 1 || !forwardedFor) return undefined;
  const entries = forwardedFor.split(',').map((s) => s.trim());
  const ip = entries[Math.max(0, entries.length - hops)];
  return ip ? ip : undefined;
}

interface ClientErrorSocket extends Duplex {
  /** Node's in-flight ServerResponse on this socket, if any. */
  _httpMessage?: { headersSent?: boolean } | null;
}

function statusOf(code: string | undefined): [number, MessageId] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'payload_too_large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'timeout'];
    default:
      return [400, 'invalid_request'];
  }
}

/**
 * Node's `clientError`: the JSON envelope instead of Node's empty answer (e.g. 431 with no body
 * for a 70 KB header), then the connection is closed — the parser cannot resynchronise.
 */
export function answerClientError(err: Error & { code?: string }, socket: ClientErrorSocket): void {
  // Never write into the middle of a response already under way, or to a peer that is gone.
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, msg] = statusOf(err.code);
  const body = JSON.stringify(failure(msg));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
  // A peer that never reads must not hold the socket.
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/** Install the edge handlers on the server `serve()` returned. */
export function installEdgeHandlers(server: { on(event: 'clientError', listener: (err: Error, socket: Duplex) => void): unknown }): void {
  server.on('clientError', (err, socket) => answerClientError(err, socket));
}
