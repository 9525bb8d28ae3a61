import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { failFastRedis } from './redis';
import type { Config } from './config';

/**
 * The cross-instance bus (docs/decisions/017-messages-news-support.md): topics carrying small JSON
 * payloads between the instances that serve one install — support chat lines, unread changes.
 * In-process by default; over Redis pub/sub (ioredis) when REDIS_URL is set, so a user streaming
 * from instance A sees what staff posted on instance B. Delivery is at most once and only to
 * subscribers connected at the time: state lives in the database, the bus only says "look now".
 */
export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves (with the unsubscribe function) once messages published from now on will arrive. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One process: an EventEmitter. */
export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  async publish(topic: string, payload: unknown): Promise<void> {
    // A copy, as Redis would hand over: no subscriber shares the publisher's object.
    const copy: unknown = JSON.parse(JSON.stringify(payload));
    queueMicrotask(() => this.emitter.emit(topic, copy));
  }
  async subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => void> {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing
 * else). Channels are `<prefix><topic>`, so installs (or test runs) sharing a Redis never hear each
 * other. A Redis channel is subscribed while at least one local handler wants it.
 *
 * Redis down, fan-out degrades instead of failing the command that published (its state is already
 * committed; docs/decisions/021-scale-out.md): a publish that Redis refuses is delivered to this
 * instance's subscribers only, a subscription waits at most SUBSCRIBE_WAIT_MS, and ioredis
 * re-subscribes every channel when the connection returns.
 */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new LocalBus();
  private readonly counts = new Map<string, number>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(url: string, private readonly prefix = 'kabuto:') {
    // Fail-fast like the limits' connection: a publish never waits for a reconnection.
    this.pub = failFastRedis(url);
    this.sub = new Redis(url, { lazyConnect: false });
    // Without a listener an error event would crash the process; the degraded paths below cover it.
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    this.sub.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      void this.local.publish(channel.slice(this.prefix.length), payload);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.pub.publish(this.prefix + topic, JSON.stringify(payload));
    } catch {
      await this.local.publish(topic, payload);
    }
  }

  async subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => void> {
    const off = await this.local.subscribe(topic, handler);
    const n = this.counts.get(topic) ?? 0;
    this.counts.set(topic, n + 1);
    if (n === 0) this.pending.set(topic, withinMs(this.sub.subscribe(this.prefix + topic), SUBSCRIBE_WAIT_MS));
    await this.pending.get(topic);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      off();
      const left = (this.counts.get(topic) ?? 1) - 1;
      if (left > 0) this.counts.set(topic, left);
      else {
        this.counts.delete(topic);
        this.pending.delete(topic);
        void this.sub.unsubscribe(this.prefix + topic).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    await this.local.close();
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

const SUBSCRIBE_WAIT_MS = 1_000;

/** Settles when `p` does or after `ms`, never rejecting. */
function withinMs(p: Promise<unknown>, ms: number): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    p.then(
      () => (clearTimeout(timer), resolve(undefined)),
      () => (clearTimeout(timer), resolve(undefined)),
    );
  });
}

/** REDIS_URL set → RedisBus (channel prefix KABUTO_REDIS_PREFIX, default `kabuto:`); else LocalBus. */
export function busFromConfig(redis: Config['redis']): Bus {
  return redis.url ? new RedisBus(redis.url, redis.prefix) : new LocalBus();
}
