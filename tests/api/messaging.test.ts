import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
// web-push's own dependency: decrypts what the server sent, as a browser would.
import ece from 'http_ece';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { photo, upload } from './uploads-support';
import { at, findInstant, quote, trader } from './trade-support';
import { openSse } from './messaging-support';
import { notify } from '../../src/server/modules/messaging';

/**
 * Messages, news, customer service, price alerts and Web Push (docs/domain.md "Messages, news and
 * support"): unread counts and reading, the chat round trip over SSE, an alert firing once,
 * authorization and bad input.
 */
for (const dialect of testDialects()) {
  describe(`messaging (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect, env: { KABUTO_TEST_CONTROL: '1' } });
    });
    afterAll(async () => {
      await s?.close();
    });

    const get = (u: { token: string }, path: string) => s.call('get', path, { token: u.token });
    const post = (u: { token: string }, path: string, body?: unknown) => s.call('post', path, { token: u.token, body });
    const messageRows = async () => Number((await s.services.database.db.selectFrom('message' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    it('messages: unread counts, paging newest first, mark one and all read, nobody else’s', async () => {
      const u = await registerUser(s);
      const other = await registerUser(s);
      await s.services.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 25; i++) await notify(trx, { userId: u.id, kind: 'kyc_rejected', params: { reason: `r${i}` }, at: TEST_NOW + i });
        // a repeated event (same dedupe key) is one message
        expect(await notify(trx, { userId: u.id, kind: 'kyc_approved', at: TEST_NOW + 30, dedupeKey: 'k1' })).not.toBeNull();
        expect(await notify(trx, { userId: u.id, kind: 'kyc_approved', at: TEST_NOW + 31, dedupeKey: 'k1' })).toBeNull();
      });
      expect((await get(u, 'messages/unread')).body.data).toEqual({ messages: 26, support: 0 });
      expect((await get(other, 'messages/unread')).body.data).toEqual({ messages: 0, support: 0 });
      const first = (await get(u, 'messages?limit=20')).body.data;
      expect(first.items).toHaveLength(20);
      expect(first.items[0]).toMatchObject({ kind: 'kyc_approved', params: {}, read: false });
      expect(first.items[1]).toMatchObject({ kind: 'kyc_rejected', params: { reason: 'r24' } });
      const second = (await get(u, `messages?limit=20&cursor=${first.next}`)).body.data;
      expect(second.items).toHaveLength(6);
      expect(second.next).toBeNull();
      expect((await get(other, 'messages')).body.data.items).toEqual([]);

      const id = first.items[0].id;
      const stranger = await post(other, `messages/${id}/read`);
      expect([stranger.status, stranger.body.msg]).toEqual([404, 'not_found']);
      expect((await post(u, `messages/${id}/read`)).body.data).toEqual({ messages: 25, support: 0 });
      expect((await post(u, 'messages/read-all')).body.data).toEqual({ messages: 0, support: 0 });
      expect((await get(u, 'messages?limit=1')).body.data.items[0].read).toBe(true);
      expect((await s.call('get', 'messages')).status).toBe(401);
    });

    it('support chat: the user’s line reaches the admin stream, the reply reaches the user’s stream live, with unread markers and history', async () => {
      const u = await registerUser(s);
      const admin = await openSse(`${s.url}/api/vue/admin/support/stream`, s.admin.token);
      const mine = await openSse(`${s.url}/api/vue/support/stream`, u.token);
      expect(mine.events[0]).toEqual({ event: 'unread', data: { messages: 0, support: 0 } });
      try {
        const sent = await post(u, 'support/messages', { text: '  出金が届きません <script>alert(1)</script>  ' });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        // stored as text (trimmed), never interpreted
        expect(sent.body.data).toMatchObject({ author: 'user', text: '出金が届きません <script>alert(1)</script>', uploadId: null });
        const seen = await admin.next((e) => e.event === 'chat' && e.data.message.id === sent.body.data.id);
        const threadId = seen.data.threadId;
        expect(seen.data.userId).toBe(u.id);
        const inbox = (await get(s.admin, 'admin/support/threads')).body.data.items;
        expect(inbox[0]).toMatchObject({ id: threadId, userId: u.id, phone: u.phone, unread: 1, lastAuthor: 'user' });

        const reply = await post(s.admin, `admin/support/threads/${threadId}/messages`, { text: 'お調べします。少々お待ちください。' });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const live = await mine.next((e) => e.event === 'chat' && e.data.message.id === reply.body.data.id);
        expect(live.data.message).toMatchObject({ author: 'staff', text: 'お調べします。少々お待ちください。' });
        const unread = await mine.next((e) => e.event === 'unread' && e.data.support === 1);
        expect(unread.data).toEqual({ messages: 1, support: 1 });
        // the reply is also a support_reply message
        expect((await get(u, 'messages')).body.data.items[0]).toMatchObject({ kind: 'support_reply', params: { preview: 'お調べします。少々お待ちください。' } });

        const history = (await get(u, 'support/thread')).body.data;
        expect(history).toMatchObject({ id: threadId, unread: 1 });
        expect(history.messages.map((m: { author: string }) => m.author)).toEqual(['user', 'staff']);
        expect((await post(u, 'support/read')).body.data).toEqual({ messages: 1, support: 0 });
        expect((await post(s.admin, `admin/support/threads/${threadId}/read`)).body.data.unread).toBe(0);
        const full = (await get(s.admin, `admin/support/threads/${threadId}`)).body.data;
        expect(full.messages).toHaveLength(2);

        // An attachment through uploads (purpose support); someone else's upload id is refused.
        const file = (await upload(s, u.token, await photo(), 'support')).body.data.id as string;
        const withFile = await post(u, 'support/messages', { text: '', uploadId: file });
        expect(withFile.status, JSON.stringify(withFile.body)).toBe(200);
        expect(withFile.body.data.uploadId).toBe(file);
        const other = await registerUser(s);
        const theirs = await post(other, 'support/messages', { text: '見えますか', uploadId: file });
        expect([theirs.status, theirs.body.msg, theirs.body.params]).toEqual([400, 'invalid_request', { field: 'uploadId' }]);
        // Another user never sees this thread, and cannot reach the staff endpoints.
        expect((await get(other, 'support/thread')).body.data).toEqual({ id: null, unread: 0, messages: [], before: null });
        expect((await get(other, `admin/support/threads/${threadId}`)).status).toBe(403);
        expect((await post(other, `admin/support/threads/${threadId}/messages`, { text: 'x' })).status).toBe(403);
        expect((await s.call('get', 'admin/support/stream', { token: other.token })).status).toBe(403);
        expect((await get(s.admin, `admin/support/threads/${uuidv7()}`)).status).toBe(404);
      } finally {
        admin.close();
        mine.close();
      }
    });

    it('bad chat input: empty, blank, too long, staff attachment → 400 and nothing stored', async () => {
      const u = await registerUser(s);
      const before = await s.services.database.db.selectFrom('support_message' as never).selectAll().execute();
      for (const [text, msg] of [['', 'chat_message_empty'], [' \n\t\r\n ', 'chat_message_empty'], ['あ'.repeat(2001), 'chat_message_too_long']] as const) {
        const res = await post(u, 'support/messages', { text });
        expect([res.status, res.body.msg]).toEqual([400, msg]);
      }
      expect((await post(u, 'support/messages', { text: 'あ'.repeat(2000) })).status).toBe(200);
      const threadId = (await get(u, 'support/thread')).body.data.id;
      const staff = await post(s.admin, `admin/support/threads/${threadId}/messages`, { text: 'x', uploadId: uuidv7() });
      expect([staff.status, staff.body.params]).toEqual([400, { field: 'uploadId' }]);
      expect((await post(s.admin, `admin/support/threads/${threadId}/messages`, { text: '   ' })).body.msg).toBe('chat_message_empty');
      const after = await s.services.database.db.selectFrom('support_message' as never).selectAll().execute();
      expect(after.length).toBe(before.length + 1);
      expect((await post(u, 'support/messages', { text: 5 })).status).toBe(400);
    });

    it('news: an editorial article (audited, Markdown kept as text), simulated market news from a job run, per-stock news; admin only', async () => {
      const u = await registerUser(s);
      const body = { content: { ja: { title: '年末年始の営業について', body: '# お知らせ\n\n<img src=x onerror=alert(1)> **12月31日**は休業です。' }, en: { title: 'Holiday hours', body: 'Closed on **31 Dec**.' } }, code: '7203', reason: 'お知らせの掲載' };
      expect((await post(u, 'admin/news', body)).status).toBe(403);
      const bad = await post(s.admin, 'admin/news', { ...body, content: { en: body.content.en } });
      expect(bad.status).toBe(400);
      const ok = await post(s.admin, 'admin/news', body);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data).toMatchObject({ source: 'editorial', category: 'editorial', kind: 'article', code: '7203' });
      const audit = (await get(s.admin, 'admin/audit')).body.data.items;
      expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'news.publish', target: ok.body.data.id })]));
      const list = (await s.call('get', 'news?category=editorial')).body.data.items;
      expect(list[0].content.ja).toEqual({ title: '年末年始の営業について' });
      const detail = (await s.call('get', `news/${ok.body.data.id}`)).body.data;
      expect(detail.content.ja.body).toContain('<img src=x onerror=alert(1)>');

      // A job run makes simulated news of the session (movers at least), once.
      const t = at('2026-11-24', 14, 0);
      s.clock.set(t);
      const run = await s.services.jobs.runDue(t);
      expect(run.news.news).toBeGreaterThanOrEqual(6);
      const sim = (await s.call('get', 'news?category=price&limit=100')).body.data.items;
      const gainers = sim.filter((n: { kind: string }) => n.kind === 'top_gainer');
      expect(gainers.length).toBe(3);
      expect(gainers[0]).toMatchObject({ source: 'simulated', content: null });
      expect(gainers[0].params.changeBp).toBeGreaterThan(0);
      const again = await s.services.jobs.runDue(t + 11 * 60_000);
      expect(again.news.news).toBeLessThan(run.news.news);
      const perStock = (await s.call('get', 'news?code=7203')).body.data.items;
      expect(perStock.every((n: { code: string }) => n.code === '7203')).toBe(true);
      expect(perStock.some((n: { id: string }) => n.id === ok.body.data.id)).toBe(true);
      expect((await s.call('get', `news/${uuidv7()}`)).body.msg).toBe('news_not_found');
    });

    it('price alerts: fires once when the simulated price crosses, as a message and a Web Push the browser can decrypt', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 0, { agreed: false });
      const p0 = quote(s, '7203', TEST_NOW).price;
      const t1 = findInstant(s, '7203', TEST_NOW, (q) => q.price > p0);
      const threshold = quote(s, '7203', t1).price;

      // A local push service: receives what web-push sends.
      const received: Buffer[] = [];
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push(Buffer.concat(chunks));
          res.writeHead(201).end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const auth = randomBytes(16);
        const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${uuidv7()}`;
        const sub = await post(u, 'push/subscriptions', { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } });
        expect(sub.status, JSON.stringify(sub.body)).toBe(200);
        expect((await get(u, 'push/key')).body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);

        const wrongSide = await post(u, 'alerts', { code: '7203', kind: 'above', threshold: p0 });
        expect([wrongSide.status, wrongSide.body.msg]).toEqual([400, 'price_alert_invalid']);
        const created = await post(u, 'alerts', { code: '7203', kind: 'above', threshold });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        expect(created.body.data).toMatchObject({ code: '7203', kind: 'above', threshold, firedAt: null });

        const quiet = await s.services.jobs.runDue(TEST_NOW + 1000);
        expect(quiet.priceAlerts.alertsFired).toBe(0);
        s.clock.set(t1);
        const fired = await s.services.jobs.runDue(t1);
        expect(fired.priceAlerts).toEqual({ alertsFired: 1, pushed: 1 });
        expect((await s.services.jobs.runDue(t1 + 60_000)).priceAlerts.alertsFired).toBe(0);
        const msgs = (await get(u, 'messages')).body.data.items.filter((m: { kind: string }) => m.kind === 'price_alert');
        expect(msgs).toHaveLength(1);
        expect(msgs[0].params).toMatchObject({ code: '7203', alert: 'above', threshold, value: threshold });
        expect((await get(u, 'alerts')).body.data.items[0]).toMatchObject({ firedAt: t1, firedValue: threshold });

        expect(received).toHaveLength(1);
        const plain = ece.decrypt(received[0]!, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') });
        const payload = JSON.parse(plain.toString('utf8'));
        expect(payload).toMatchObject({ kind: 'price_alert', url: '/#/market/stockDetail?code=7203' });
        expect(payload.title).toContain('7203');
      } finally {
        server.close();
      }
    });

    it('alerts: 50 per user, own only; bad push subscriptions refused; nothing stored', async () => {
      s.clock.set(TEST_NOW);
      const u = await registerUser(s);
      const other = await registerUser(s);
      const p0 = quote(s, '7203', TEST_NOW).price;
      for (let i = 0; i < 50; i++) expect((await post(u, 'alerts', { code: '7203', kind: 'change', threshold: 100 + i })).status).toBe(200);
      const over = await post(u, 'alerts', { code: '7203', kind: 'below', threshold: Math.floor(p0 / 2) });
      expect([over.status, over.body.msg, over.body.params]).toEqual([422, 'price_alert_limit', { max: 50 }]);
      expect((await get(u, 'alerts')).body.data.items).toHaveLength(50);
      const theirs = (await get(u, 'alerts')).body.data.items[0].id;
      expect((await get(other, 'alerts')).body.data.items).toEqual([]);
      expect((await s.call('delete', `alerts/${theirs}`, { token: other.token })).status).toBe(404);
      expect((await s.call('delete', `alerts/${theirs}`, { token: u.token })).body.data).toEqual({ removed: true });
      expect((await post(other, 'alerts', { code: 'NOPE', kind: 'above', threshold: 1 })).status).toBe(404);
      expect((await post(other, 'alerts', { code: '7203', kind: 'change', threshold: 0 })).body.msg).toBe('price_alert_invalid');

      const key = createECDH('prime256v1');
      key.generateKeys();
      const good = { endpoint: 'https://push.example.test/abc', keys: { p256dh: key.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
      const cases: [unknown, number][] = [
        [{ ...good, endpoint: 'not a url' }, 400],
        [{ ...good, endpoint: 'http://push.example.test/abc' }, 400],
        [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 400],
        [{ ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } }, 400],
        [{ endpoint: good.endpoint }, 400],
      ];
      for (const [body, status] of cases) {
        const res = await post(u, 'push/subscriptions', body);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
      }
      const rows = await s.services.database.db.selectFrom('push_subscription' as never).selectAll().where('user_id' as never, '=', u.id as never).execute();
      expect(rows).toHaveLength(0);
      expect((await post(u, 'push/subscriptions', good)).status).toBe(200);
      expect((await s.call('delete', `push/subscriptions?endpoint=${encodeURIComponent(good.endpoint)}`, { token: other.token })).body.data).toEqual({ removed: false });
      expect((await s.call('delete', `push/subscriptions?endpoint=${encodeURIComponent(good.endpoint)}`, { token: u.token })).body.data).toEqual({ removed: true });
      expect(await messageRows()).toBeGreaterThan(0);
    });
  });
}
