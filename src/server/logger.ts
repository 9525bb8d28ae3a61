import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout, written asynchronously: a synchronous write per line (pino's default) cost
 * the access log 2–19 % of a request (docs/decisions/018-request-path-performance.md). Pino
 * flushes what is buffered synchronously when the process exits (process.exit included), so the
 * last lines of a shutdown are not lost; a crash (kill -9) may lose the lines of the last moment.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.token', '*.password', '*.password2', '*.token'], remove: true },
    },
    level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }),
  );
}
