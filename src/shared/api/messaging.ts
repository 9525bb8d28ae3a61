import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * Messages, news, customer service and price alerts (docs/domain.md "Messages, news and support",
 * docs/decisions/017-messages-news-support.md). A message is a kind (a message id) + params; the
 * client renders it in the reader's language. News is either made from simulated market events
 * (`simulated`) or written by staff (`editorial`, Markdown rendered without raw HTML).
 */

const int = z.number().int();

/** Every kind of message an event can leave in a user's box. */
export const MESSAGE_KINDS = [
  'order_filled',
  'forced_close',
  'margin_call',
  'corporate_action',
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'kyc_approved',
  'kyc_rejected',
  // a referred 信用取引口座 application decided by an admin (docs/domain.md "Margin account")
  'margin_account_approved',
  'margin_account_rejected',
  // a NISA application decided by an admin; the NISA year opened: params {year, growthRemaining,
  // tsumitateRemaining, lifetimeRemaining, freed (lifetime room last year's sales freed)} (docs/domain.md "Account types and NISA")
  'nisa_approved',
  'nisa_rejected',
  'nisa_year_opened',
  'ipo_won',
  'ipo_lost',
  'loan_ltv_warning',
  'loan_ltv_liquidation',
  'support_reply',
  'price_alert',
  // a sign-in from a device or country new to the account (docs/domain.md "Login history and devices")
  'login_alert',
  // a bank account or wallet was added, params {type, label, usableAt} (docs/domain.md "Bank accounts and wallets")
  'payout_destination_added',
  // a 積立 run skipped, params {planId, kind, reason (PlanSkipReason), runDate, amount, lots, account, and the
  // fund's names and code (fund, fundCode, fundEn, fundZhHant, fundKo) or the stock's (code, name, nameEn)}
  'plan_skipped',
  // a document was issued to the box, params {documentId, kind (DocumentKind), number, code, year, period} (docs/domain.md "Documents and exports")
  'document_issued',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Numbers, codes, names, reasons and instants a message needs (never a sentence of ours). */
export type MessageParams = Record<string, string | number | boolean | null>;
const messageParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const messageItem = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  params: messageParams,
  createdAt: int,
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const unreadCounts = z.object({
  /** Unread messages. */
  messages: int,
  /** Staff replies in the support chat the user has not seen. */
  support: int,
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const NEWS_CATEGORIES = ['hot', 'price', 'corporate', 'ipo', 'editorial'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const NEWS_KINDS = ['limit_up', 'limit_down', 'top_gainer', 'top_loser', 'volume_spike', 'split_ahead', 'dividend_ahead', 'ipo_calendar', 'article'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];
export const NEWS_LANGUAGES = ['ja', 'en', 'zh-Hant', 'ko'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

const articleText = z.object({
  title: z.string().trim().min(1).max(120),
  /** Markdown; any HTML in it is shown as text. */
  body: z.string().trim().min(1).max(20_000),
});
/** An article per language; Japanese is required, the others fall back to it. */
export const articleContent = z.object({
  ja: articleText,
  en: articleText.optional(),
  'zh-Hant': articleText.optional(),
  ko: articleText.optional(),
});
export type ArticleContent = z.infer<typeof articleContent>;

export const newsItem = z.object({
  id: z.string(),
  source: z.enum(['simulated', 'editorial']),
  category: z.enum(NEWS_CATEGORIES),
  kind: z.enum(NEWS_KINDS),
  code: z.string().nullable(),
  params: messageParams,
  /** Editorial articles only: title (and, on the detail read, the Markdown body) per language. */
  content: z.record(z.string(), z.object({ title: z.string(), body: z.string().optional() })).nullable(),
  publishedAt: int,
});
export type NewsItem = z.infer<typeof newsItem>;

export const CHAT_MAX_CHARS = 2000;
export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(['user', 'staff']),
  text: z.string(),
  uploadId: z.string().nullable(),
  createdAt: int,
});
export type SupportMessage = z.infer<typeof supportMessage>;
const chatBody = z.object({
  /** Checked by the server (empty, longer than CHAT_MAX_CHARS): 400 with its own message id. */
  text: z.string().max(20_000),
  uploadId: z.string().min(1).max(64).optional(),
});

export const supportThread = z.object({
  id: z.string().nullable(),
  /** Staff messages the user has not read. */
  unread: int,
  /** Oldest first. */
  messages: z.array(supportMessage),
  /** Cursor for older messages (a message id), null at the start. */
  before: z.string().nullable(),
});
export type SupportThread = z.infer<typeof supportThread>;

export const supportThreadSummary = z.object({
  id: z.string(),
  userId: z.string(),
  phone: z.string(),
  lastAt: int,
  lastText: z.string(),
  lastAuthor: z.enum(['user', 'staff']),
  /** User messages staff have not read. */
  unread: int,
});
export type SupportThreadSummary = z.infer<typeof supportThreadSummary>;

export const ALERTS_MAX = 50;
export const ALERT_KINDS = ['above', 'below', 'change'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const priceAlert = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** above/below: a price in the instrument's priceScale; change: basis points from the previous close (±). */
  threshold: int,
  priceScale: int,
  firedAt: int.nullable(),
  firedValue: int.nullable(),
  createdAt: int,
});
export type PriceAlert = z.infer<typeof priceAlert>;

export const pushSubscriptionBody = z.object({
  endpoint: z.string().max(2000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

const idParam = z.object({ id: z.string().min(1).max(64) });
const page = { cursor: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) };

export const messagingApi = {
  messages: endpoint({
    method: 'get', path: 'messages', tag: 'messaging', auth: 'user',
    summary: 'My messages, newest first (kind + params, rendered by the client)',
    query: z.object(page),
    data: z.object({ items: z.array(messageItem), next: z.string().nullable(), unread: unreadCounts }),
  }),
  unread: endpoint({
    method: 'get', path: 'messages/unread', tag: 'messaging', auth: 'user',
    summary: 'Unread messages and unread support replies',
    data: unreadCounts,
  }),
  read: endpoint({
    method: 'post', path: 'messages/{id}/read', tag: 'messaging', auth: 'user',
    summary: 'Mark one of my messages read',
    params: idParam, data: unreadCounts,
  }),
  readAll: endpoint({
    method: 'post', path: 'messages/read-all', tag: 'messaging', auth: 'user',
    summary: 'Mark all my messages read',
    data: unreadCounts,
  }),
  news: endpoint({
    method: 'get', path: 'news', tag: 'messaging', auth: 'none',
    summary: 'News, newest first: simulated market events and editorial articles (`code`: one stock’s news)',
    query: z.object({ category: z.enum(NEWS_CATEGORIES).optional(), code: z.string().max(20).optional(), ...page }),
    data: z.object({ items: z.array(newsItem), next: z.string().nullable() }),
  }),
  newsItem: endpoint({
    method: 'get', path: 'news/{id}', tag: 'messaging', auth: 'none',
    summary: 'One news item with its article body (Markdown) when editorial',
    params: idParam, data: newsItem,
  }),
  thread: endpoint({
    method: 'get', path: 'support/thread', tag: 'messaging', auth: 'user',
    summary: 'My customer-service chat (newest 50, `before` for older)',
    query: z.object({ before: z.string().max(64).optional() }),
    data: supportThread,
  }),
  send: endpoint({
    method: 'post', path: 'support/messages', tag: 'messaging', auth: 'user',
    summary: 'Write to customer service (text, optional attachment from uploads)',
    body: chatBody, data: supportMessage,
  }),
  readThread: endpoint({
    method: 'post', path: 'support/read', tag: 'messaging', auth: 'user',
    summary: 'I have read the staff replies',
    data: unreadCounts,
  }),
  stream: endpoint({
    method: 'get', path: 'support/stream', tag: 'messaging', auth: 'user',
    summary: 'Server-sent events of my chat (`event: chat`) and unread changes (`event: unread`); not the envelope',
    data: z.object({}).describe('text/event-stream'),
  }),
  pushKey: endpoint({
    method: 'get', path: 'push/key', tag: 'messaging', auth: 'user',
    summary: 'The VAPID public key to subscribe with',
    data: z.object({ publicKey: z.string() }),
  }),
  subscribe: endpoint({
    method: 'post', path: 'push/subscriptions', tag: 'messaging', auth: 'user',
    summary: 'Keep this browser’s Web Push subscription (https endpoint, P-256 key, 16-byte auth)',
    body: pushSubscriptionBody, data: z.object({ id: z.string() }),
  }),
  unsubscribe: endpoint({
    method: 'delete', path: 'push/subscriptions', tag: 'messaging', auth: 'user',
    summary: 'Forget a Web Push subscription of mine',
    query: z.object({ endpoint: z.string().max(2000) }), data: z.object({ removed: z.boolean() }),
  }),
  alerts: endpoint({
    method: 'get', path: 'alerts', tag: 'messaging', auth: 'user',
    summary: 'My price alerts (at most 50), optionally for one stock',
    query: z.object({ code: z.string().max(20).optional() }),
    data: z.object({ items: z.array(priceAlert), max: int }),
  }),
  createAlert: endpoint({
    method: 'post', path: 'alerts', tag: 'messaging', auth: 'user',
    summary: 'A price alert: above / below a price, or a change from the previous close (bp)',
    body: z.object({ code: z.string().min(1).max(20), kind: z.enum(ALERT_KINDS), threshold: int }),
    data: priceAlert,
  }),
  deleteAlert: endpoint({
    method: 'delete', path: 'alerts/{id}', tag: 'messaging', auth: 'user',
    summary: 'Remove one of my price alerts',
    params: idParam, data: z.object({ removed: z.boolean() }),
  }),
};

const reason = z.string().trim().min(3).max(500);

export const messagingAdminApi = {
  postNews: endpoint({
    method: 'post', path: 'admin/news', tag: 'admin', auth: 'admin',
    summary: 'Publish an editorial article (title and Markdown body per language; audited)',
    body: z.object({ content: articleContent, code: z.string().max(20).optional(), reason }),
    data: newsItem,
  }),
  threads: endpoint({
    method: 'get', path: 'admin/support/threads', tag: 'admin', auth: 'admin',
    summary: 'Support threads, latest activity first',
    // The cursor is the last row's `<last activity ms>_<thread id>` (`next` of the previous page).
    query: z.object({ ...page, cursor: z.string().regex(/^\d{1,16}_[0-9A-Za-z-]{1,40}$/).optional() }),
    data: z.object({ items: z.array(supportThreadSummary), next: z.string().nullable() }),
  }),
  thread: endpoint({
    method: 'get', path: 'admin/support/threads/{id}', tag: 'admin', auth: 'admin',
    summary: 'One support thread (newest 50, `before` for older)',
    params: idParam, query: z.object({ before: z.string().max(64).optional() }),
    data: supportThread.extend({ summary: supportThreadSummary }),
  }),
  reply: endpoint({
    method: 'post', path: 'admin/support/threads/{id}/messages', tag: 'admin', auth: 'admin',
    summary: 'Reply to a user (their message box gets a support_reply message)',
    params: idParam, body: chatBody, data: supportMessage,
  }),
  readThread: endpoint({
    method: 'post', path: 'admin/support/threads/{id}/read', tag: 'admin', auth: 'admin',
    summary: 'Staff have read the thread',
    params: idParam, data: supportThreadSummary,
  }),
  stream: endpoint({
    method: 'get', path: 'admin/support/stream', tag: 'admin', auth: 'admin',
    summary: 'Server-sent events of every support thread (`event: chat`); not the envelope',
    data: z.object({}).describe('text/event-stream'),
  }),
};
