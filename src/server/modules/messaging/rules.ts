/*
 * Pure rules of the messaging area (docs/domain.md "Messages, news and support"): chat text,
 * price-alert thresholds and firing, Web Push subscriptions, and which simulated events are news.
 */
import { CHAT_MAX_CHARS, type AlertKind } from '../../../shared/api/messaging';
import type { MessageId } from '../../../shared/api/messages';

export type Refusal = { id: MessageId; params?: Record<string, string | number> } | null;

/** Chat text as stored: NFC, line ends unified, outer blank space trimmed. HTML stays text (the client never renders it). */
export function normaliseChat(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

export function chatRefusal(text: string, hasAttachment: boolean): Refusal {
  if (text.length === 0 && !hasAttachment) return { id: 'chat_message_empty' };
  if ([...text].length > CHAT_MAX_CHARS) return { id: 'chat_message_too_long', params: { max: CHAT_MAX_CHARS } };
  return null;
}

/** A change alert: at most ±100 % (10,000 bp), never 0. */
export const CHANGE_MAX_BP = 10_000;

/**
 * Whether an alert can be set now: a price alert must lie on the far side of the current price
 * (it fires when the price crosses it), a change alert between ±1 bp and ±10,000 bp.
 */
export function alertRefusal(kind: AlertKind, threshold: number, price: number): Refusal {
  if (kind === 'change') {
    if (threshold === 0 || Math.abs(threshold) > CHANGE_MAX_BP) return { id: 'price_alert_invalid', params: { max: CHANGE_MAX_BP } };
    return null;
  }
  if (threshold <= 0) return { id: 'price_alert_invalid', params: { price } };
  if (kind === 'above' && threshold <= price) return { id: 'price_alert_invalid', params: { price } };
  if (kind === 'below' && threshold >= price) return { id: 'price_alert_invalid', params: { price } };
  return null;
}

/** The value an alert watches (the price, or the change in bp) if it has crossed; null otherwise. */
export function alertHit(kind: AlertKind, threshold: number, q: { price: number; changeBp: number }): number | null {
  if (kind === 'above') return q.price >= threshold ? q.price : null;
  if (kind === 'below') return q.price <= threshold ? q.price : null;
  if (threshold > 0) return q.changeBp >= threshold ? q.changeBp : null;
  return q.changeBp <= threshold ? q.changeBp : null;
}

function base64url(s: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(s)) return null;
  return Buffer.from(s.replace(/=+$/, ''), 'base64url');
}

/**
 * A Web Push subscription as the browser's PushManager makes it: an https endpoint (http only on
 * the loopback host when test control is on), a P-256 public key (65 bytes, uncompressed) and a
 * 16-byte auth secret, both base64url.
 */
export function pushSubscriptionRefusal(sub: { endpoint: string; keys: { p256dh: string; auth: string } }, allowLoopbackHttp: boolean): Refusal {
  let url: URL;
  try {
    url = new URL(sub.endpoint);
  } catch {
    return { id: 'push_subscription_invalid', params: { field: 'endpoint' } };
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (!(url.protocol === 'https:' || (allowLoopbackHttp && loopback && url.protocol === 'http:'))) {
    return { id: 'push_subscription_invalid', params: { field: 'endpoint' } };
  }
  if (url.username || url.password) return { id: 'push_subscription_invalid', params: { field: 'endpoint' } };
  const key = base64url(sub.keys.p256dh);
  if (!key || key.length !== 65 || key[0] !== 0x04) return { id: 'push_subscription_invalid', params: { field: 'p256dh' } };
  const auth = base64url(sub.keys.auth);
  if (!auth || auth.length !== 16) return { id: 'push_subscription_invalid', params: { field: 'auth' } };
  return null;
}

/** Movers published per side per trading day. */
export const TOP_MOVERS = 3;
/** A stock's volume at least this many times (×100) its 20-day average is a spike. */
export const VOLUME_SPIKE_X100 = 300;
/** Splits and dividends are announced this many calendar days ahead of their ex-date. */
export const ACTIONS_AHEAD_DAYS = 7;

export interface MoverInput {
  code: string;
  changeBp: number;
}

/** The session's biggest movers: up to TOP_MOVERS gainers (> 0) and losers (< 0), biggest first. */
export function topMovers(rows: readonly MoverInput[]): { gainers: MoverInput[]; losers: MoverInput[] } {
  const gainers = rows.filter((r) => r.changeBp > 0).sort((a, b) => b.changeBp - a.changeBp || a.code.localeCompare(b.code)).slice(0, TOP_MOVERS);
  const losers = rows.filter((r) => r.changeBp < 0).sort((a, b) => a.changeBp - b.changeBp || a.code.localeCompare(b.code)).slice(0, TOP_MOVERS);
  return { gainers, losers };
}
