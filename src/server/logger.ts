import pino from 'pino';

export type Logger = pino.Logger;

const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1_000;

/**
 * JSON lines on stdout, written asynchronously: a synchronous write per line (pino's default) cost
 * the access log 2–19 % of a request (docs/decisions/018-request-path-performance.md). Lines are
 * gathered up to LOG_BATCH_BYTES and written together, and at least every LOG_FLUSH_MS: one write
 * per line was still the largest part of the log's cost. Pino flushes what is buffered
 * synchronously when the process exits (process.exit included), so the last lines of a shutdown
 * are not lost; a crash (kill -9) may lose the lines of its last second.
 */
export function createLogger(level = 'info'): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.token', '*.password', '*.password2', '*.token'], remove: true },
    },
    level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/**
 * The access log: one line per request with the fields pino would write for
 * `logger.info({ reqId, method, path, status, ms }, 'request')` — level, time, reqId, method, path,
 * status, ms, msg, in that order — built as one string and handed to the logger's own stream (so
 * it keeps its place among the other lines and its level). Pino's generic serialisation (a
 * redaction pass, a key-by-key walk of the object, its string escaping) was most of a small
 * request's logging cost (docs/decisions/018-request-path-performance.md). The request id is a
 * UUID or matched `[\w\-=]` (app.ts) and Node accepts only token characters in a method, so only
 * the path needs escaping.
 */
export function accessLogger(logger: Logger): (reqId: string, method: string, path: string, status: number, ms: number) => void {
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym]!;
  const level = pino.levels.values.info!;
  return (reqId, method, path, status, ms) => {
    if (!logger.isLevelEnabled('info')) return;
    stream.write(`{"level":${level},"time":${Date.now()},"reqId":"${reqId}","method":"${method}","path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`);
  };
}
