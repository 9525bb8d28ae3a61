import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alertHit, alertRefusal, chatRefusal, normaliseChat, pushSubscriptionRefusal, topMovers } from '../../src/server/modules/messaging/rules';

/** The messaging area's pure rules (docs/domain.md "Messages, news and support"). */
describe('messaging rules', () => {
  it('chat text: trimmed and NFC, empty refused unless an attachment, 2,000 characters at most (by code point)', () => {
    expect(normaliseChat('  a\r\nb  ')).toBe('a\nb');
    expect(chatRefusal('', false)).toEqual({ id: 'chat_message_empty' });
    expect(chatRefusal('', true)).toBeNull();
    expect(chatRefusal('😀'.repeat(2000), false)).toBeNull();
    expect(chatRefusal('😀'.repeat(2001), false)).toEqual({ id: 'chat_message_too_long', params: { max: 2000 } });
  });

  it('alerts are set on the far side of the price and fire when it is crossed', () => {
    expect(alertRefusal('above', 1000, 1000)).toMatchObject({ id: 'price_alert_invalid' });
    expect(alertRefusal('above', 1001, 1000)).toBeNull();
    expect(alertRefusal('below', 999, 1000)).toBeNull();
    expect(alertRefusal('below', 0, 1000)).toMatchObject({ id: 'price_alert_invalid' });
    expect(alertRefusal('change', 0, 1000)).toMatchObject({ id: 'price_alert_invalid' });
    expect(alertRefusal('change', -10_001, 1000)).toMatchObject({ id: 'price_alert_invalid' });
    expect(alertHit('above', 1001, { price: 1000, changeBp: 0 })).toBeNull();
    expect(alertHit('above', 1001, { price: 1001, changeBp: 0 })).toBe(1001);
    expect(alertHit('below', 999, { price: 998, changeBp: 0 })).toBe(998);
    expect(alertHit('change', 500, { price: 1, changeBp: 499 })).toBeNull();
    expect(alertHit('change', 500, { price: 1, changeBp: 510 })).toBe(510);
    expect(alertHit('change', -500, { price: 1, changeBp: -500 })).toBe(-500);
    expect(alertHit('change', -500, { price: 1, changeBp: 600 })).toBeNull();
  });

  it('push subscriptions: https endpoint, 65-byte P-256 key, 16-byte auth; loopback http only when allowed', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    expect(pushSubscriptionRefusal({ endpoint: 'https://push.example/x', keys }, false)).toBeNull();
    expect(pushSubscriptionRefusal({ endpoint: 'http://127.0.0.1:9/x', keys }, false)).toMatchObject({ params: { field: 'endpoint' } });
    expect(pushSubscriptionRefusal({ endpoint: 'http://127.0.0.1:9/x', keys }, true)).toBeNull();
    expect(pushSubscriptionRefusal({ endpoint: 'http://push.example/x', keys }, true)).toMatchObject({ params: { field: 'endpoint' } });
    expect(pushSubscriptionRefusal({ endpoint: 'https://u:p@push.example/x', keys }, false)).toMatchObject({ params: { field: 'endpoint' } });
    expect(pushSubscriptionRefusal({ endpoint: 'https://push.example/x', keys: { ...keys, p256dh: ecdh.getPublicKey('base64url', 'compressed') } }, false)).toMatchObject({ params: { field: 'p256dh' } });
    expect(pushSubscriptionRefusal({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'a+b/' } }, false)).toMatchObject({ params: { field: 'auth' } });
  });

  it('top movers: three each side, biggest first, ties by code, flat stocks neither', () => {
    const rows = [
      { code: 'A', changeBp: 100 }, { code: 'B', changeBp: 300 }, { code: 'C', changeBp: 300 }, { code: 'D', changeBp: 200 },
      { code: 'E', changeBp: 0 }, { code: 'F', changeBp: -50 },
    ];
    expect(topMovers(rows)).toEqual({
      gainers: [{ code: 'B', changeBp: 300 }, { code: 'C', changeBp: 300 }, { code: 'D', changeBp: 200 }],
      losers: [{ code: 'F', changeBp: -50 }],
    });
  });
});
