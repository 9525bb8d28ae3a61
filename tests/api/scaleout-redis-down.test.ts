import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone, startTestServer, type TestServer } from '../support/server';
import { testDialects } from '../support/db';
import { RedisRateLimits } from '../../src/server/platform/rate-limit';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter } from '../../src/server/modules/account';
import { REDIS_URL, redisUp } from '../support/scaleout';
import { pollUntil } from '../support/wait';

/**
 * The shared rate limits when Redis goes away (docs/decisions/021-scale-out.md): a server whose
 * REDIS_URL points through a TCP relay we can cut. Relay up: logins work. Relay cut: a login (and a
 * quote stream) is refused with 503 service_unavailable — fail closed, no password check without the
 * limit. Relay back on the same port: logins work again without a restart. A REDIS_URL where nothing
 * listens at all is refused the same way. Skipped without a reachable Redis (REDIS_URL, default
 * redis://127.0.0.1:6379).
 */
const available = await redisUp();

/** A TCP relay to Redis that can be cut (every connection dropped, port closed) and restored. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: URL) {}
  async up(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', () => r()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server = null;
  }
}

const dialect = testDialects()[0]!;

describe.skipIf(!available)('rate limits on Redis fail closed and recover', () => {
  const relay = new Relay(new URL(REDIS_URL));
  let s: TestServer;

  beforeAll(async () => {
    await relay.up();
    s = await startTestServer({
      dialect,
      env: { REDIS_URL: `redis://127.0.0.1:${relay.port}`, KABUTO_REDIS_PREFIX: `kabuto-test-${randomBytes(6).toString('hex')}:` },
    });
  });
  afterAll(async () => {
    await s?.close();
    await s?.services.rateLimits.close();
    await s?.services.bus.close();
    await relay.down();
  });

  const login = () => s.call('post', 'user/login', { body: { phone: nextPhone(), password: 'not-the-password-1' } });

  it('answers as usual, then 503 service_unavailable while Redis is unreachable, then as usual again', async () => {
    const usual = await login();
    expect(usual.body.msg).toBe('phone_or_password_incorrect');

    await relay.down();
    const refused = await login();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ status: 0, msg: 'service_unavailable' });
    const stream = await fetch(`${s.url}/api/vue/market/stream?codes=7203`);
    expect(stream.status).toBe(503);
    expect(((await stream.json()) as { msg: string }).msg).toBe('service_unavailable');

    await relay.up();
    // ioredis reconnects by itself (backing off up to 2 s); no restart of the server.
    let back = await login();
    // Until it has reconnected, for as long as the test's time allows (tests/support/wait.ts).
    if (back.status === 503) await pollUntil(async () => (back = await login()).status !== 503, { intervalMs: 100 });
    expect(back.status).toBe(usual.status);
    expect(back.body.msg).toBe('phone_or_password_incorrect');
  });
});

describe.skipIf(!available)('rate limits on a Redis that is not there', () => {
  it('refuse every check with 503 service_unavailable (fail closed)', async () => {
    const idle = new Relay(new URL(REDIS_URL));
    await idle.up();
    const port = idle.port;
    await idle.down(); // a port that was just free: nothing listens there
    const store = new RedisRateLimits(`redis://127.0.0.1:${port}`, `kabuto-test-${randomBytes(6).toString('hex')}:`);
    try {
      const login = new LoginLimiter(DEFAULT_LOGIN_LIMITS, store);
      await expect(login.attemptRegistration('127.0.0.1')).rejects.toMatchObject({ kind: 'unavailable', messageId: 'service_unavailable' });
      await expect(store.cap({ name: 'stream_ip', max: 2 }).acquire('127.0.0.1')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await store.close();
    }
  });
});
