import { Redis } from 'ioredis';

/**
 * A Redis connection for the shared rate limits and the bus's publishes (docs/decisions/021-scale-out.md). A command never
 * waits for a reconnection: no offline queue, one retry at most and a command timeout, so while Redis
 * is down a limit check fails at once (the caller answers 503 service_unavailable, fail closed)
 * instead of holding the request. ioredis keeps reconnecting in the background; the first request
 * after Redis returns is served normally.
 */
export function failFastRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 1_000,
    // Reconnect quickly after an outage (ioredis' default backs off up to 2 s as well).
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
}

/**
 * Resolves once `client` is connected, or after `ms` (an instance just started, or Redis is coming
 * back). Without it the very first checks after start would be refused while the socket opens.
 */
export async function readyWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  if (client.status === 'end') return false;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(client.status === 'ready'), ms);
    client.once('ready', onReady);
  });
}
