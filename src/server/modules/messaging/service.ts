import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { UploadService } from '../uploads';
import type { MarketService } from '../market';
import {
  ALERTS_MAX,
  type AlertKind,
  type ArticleContent,
  type MessageItem,
  type NewsCategory,
  type NewsItem,
  type PriceAlert,
  type SupportMessage,
  type SupportThread,
  type SupportThreadSummary,
  type UnreadCounts,
} from '../../../shared/api/messaging';
import { notify } from './notify';
import { alertRefusal, chatRefusal, normaliseChat } from './rules';
import * as repo from './repo';

/** Bus topics: a user's own streams, and every staff inbox. */
export const userTopic = (userId: string) => `support.user.${userId}`;
export const STAFF_TOPIC = 'support.staff';

export type StreamEvent =
  | { event: 'chat'; data: { threadId: string; userId: string; message: SupportMessage } }
  | { event: 'unread'; data: UnreadCounts }
  | { event: 'thread'; data: SupportThreadSummary };

const CHAT_PAGE = 50;

/**
 * Messages, news and customer service (docs/domain.md "Messages, news and support"). Writes commit
 * first, then say so on the bus (platform/bus.ts): in-process, or Redis pub/sub across instances.
 */
export class MessagingService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly uploads: UploadService,
    private readonly market: MarketService,
    readonly bus: Bus,
  ) {}

  // ---- messages ----

  async messages(userId: string, cursor: string | undefined, limit: number): Promise<{ items: MessageItem[]; next: string | null; unread: UnreadCounts }> {
    const rows = await repo.messagesOf(this.database.db, userId, cursor, limit);
    const page = rows.slice(0, limit);
    return { items: page.map((r) => this.named(messageItem(r))), next: rows.length > limit ? (page.at(-1)?.id ?? null) : null, unread: await this.unread(userId) };
  }

  /**
   * A message about a stock carries its names, so the client writes "トヨタ自動車（7203）" rather than
   * a bare code: added at read time from the market data (older messages stored only the code);
   * names the message stored itself (an IPO's, before its listing) are kept.
   */
  private named(item: MessageItem): MessageItem {
    const code = item.params.code;
    const inst = typeof code === 'string' ? this.market.source.instrument(code) : undefined;
    if (!inst) return item;
    return { ...item, params: { name: inst.nameJa, nameEn: inst.nameEn, ...item.params } };
  }

  async unread(userId: string): Promise<UnreadCounts> {
    const db = this.database.db;
    const thread = await repo.threadOfUser(db, userId);
    return { messages: await repo.unreadMessages(db, userId), support: thread ? Number(thread.user_unread) : 0 };
  }

  /** Another user's message id reads as missing (404), like a wrong one. */
  async read(userId: string, id: string): Promise<UnreadCounts> {
    if (!(await repo.messageOf(this.database.db, userId, id))) throw notFound();
    await repo.markRead(this.database.db, userId, id, this.clock.now());
    return this.unread(userId);
  }

  async readAll(userId: string): Promise<UnreadCounts> {
    await repo.markRead(this.database.db, userId, null, this.clock.now());
    return this.unread(userId);
  }

  // ---- news ----

  async news(q: { category?: NewsCategory; code?: string; cursor?: string; limit: number }): Promise<{ items: NewsItem[]; next: string | null }> {
    const rows = await repo.newsPage(this.database.db, q);
    const page = rows.slice(0, q.limit);
    return { items: page.map((r) => newsItem(r, false)), next: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null };
  }

  async newsItem(id: string): Promise<NewsItem> {
    const row = await repo.newsOf(this.database.db, id);
    if (!row) throw notFound('news_not_found');
    return newsItem(row, true);
  }

  /** An editorial article, audited. Markdown is stored as written; clients render it without raw HTML. */
  async postNews(admin: AuthUser, body: { content: ArticleContent; code?: string; reason: string }): Promise<NewsItem> {
    let code: string | null = null;
    if (body.code) code = this.market.instrument(body.code.toUpperCase()).code;
    const id = uuidv7();
    const now = this.clock.now();
    await this.database.db.transaction().execute(async (trx) => {
      await repo.insertNews(trx, {
        id, source: 'editorial', category: 'editorial', kind: 'article', code, params_json: '{}',
        content_json: JSON.stringify(body.content), dedupe_key: null, author_id: admin.id, published_at: now,
      });
      await this.audit.record(trx, { adminId: admin.id, action: 'news.publish', target: id, reason: body.reason, detail: { code, title: body.content.ja.title } });
    });
    return this.newsItem(id);
  }

  // ---- customer service ----

  async thread(userId: string, before: string | undefined): Promise<SupportThread> {
    const t = await repo.threadOfUser(this.database.db, userId);
    if (!t) return { id: null, unread: 0, messages: [], before: null };
    return this.threadView(t, before);
  }

  private async threadView(t: repo.ThreadRow, before: string | undefined): Promise<SupportThread> {
    const rows = await repo.chatPage(this.database.db, t.id, before, CHAT_PAGE);
    const page = rows.slice(0, CHAT_PAGE);
    return { id: t.id, unread: Number(t.user_unread), messages: page.map(chatItem).reverse(), before: rows.length > CHAT_PAGE ? (page.at(-1)?.id ?? null) : null };
  }

  async send(user: AuthUser, body: { text: string; uploadId?: string }): Promise<SupportMessage> {
    const text = normaliseChat(body.text);
    const refusal = chatRefusal(text, body.uploadId !== undefined);
    if (refusal) throw invalid(refusal.id, refusal.params);
    if (body.uploadId) {
      const up = await this.uploads.ownUpload(user.id, body.uploadId);
      // Another user's upload reads like a missing one.
      if (!up || up.purpose !== 'support') throw invalid('invalid_request', { field: 'uploadId' });
    }
    const now = this.clock.now();
    const message: repo.ChatRow = { id: uuidv7(), thread_id: '', author: 'user', author_id: user.id, text, upload_id: body.uploadId ?? null, created_at: now };
    await this.database.db.transaction().execute(async (trx) => {
      const t = await repo.ensureThread(trx, user.id, uuidv7(), now);
      message.thread_id = t.id;
      await repo.insertChat(trx, message);
      await repo.bumpThread(trx, t.id, 'user', now);
    });
    const item = chatItem(message);
    await this.publishChat(message.thread_id, user.id, item);
    return item;
  }

  async readThread(userId: string): Promise<UnreadCounts> {
    const t = await repo.threadOfUser(this.database.db, userId);
    if (t) await repo.clearUnread(this.database.db, t.id, 'user');
    const unread = await this.unread(userId);
    await this.bus.publish(userTopic(userId), { event: 'unread', data: unread } satisfies StreamEvent);
    return unread;
  }

  async adminThreads(cursor: string | undefined, limit: number): Promise<{ items: SupportThreadSummary[]; next: string | null }> {
    const rows = await repo.threadsPage(this.database.db, cursor, limit);
    const page = rows.slice(0, limit);
    const items = await Promise.all(page.map((r) => this.summary(r)));
    const last = page.at(-1);
    return { items, next: rows.length > limit && last ? `${Number(last.last_at)}_${last.id}` : null };
  }

  async adminThread(id: string, before: string | undefined): Promise<SupportThread & { summary: SupportThreadSummary }> {
    const row = await repo.threadSummary(this.database.db, id);
    if (!row) throw notFound();
    return { ...(await this.threadView(row, before)), summary: await this.summary(row) };
  }

  async adminRead(id: string): Promise<SupportThreadSummary> {
    const row = await repo.threadSummary(this.database.db, id);
    if (!row) throw notFound();
    await repo.clearUnread(this.database.db, id, 'staff');
    const summary = await this.summary({ ...row, staff_unread: 0 });
    await this.bus.publish(STAFF_TOPIC, { event: 'thread', data: summary } satisfies StreamEvent);
    return summary;
  }

  /** A staff reply: the line, the thread's counters and the user's `support_reply` message commit together. */
  async reply(admin: AuthUser, id: string, body: { text: string; uploadId?: string }): Promise<SupportMessage> {
    const text = normaliseChat(body.text);
    // Staff attachments would be files the user may not open (uploads are served to their owner): text only.
    if (body.uploadId !== undefined) throw invalid('invalid_request', { field: 'uploadId' });
    const refusal = chatRefusal(text, false);
    if (refusal) throw invalid(refusal.id, refusal.params);
    const now = this.clock.now();
    const message: repo.ChatRow = { id: uuidv7(), thread_id: id, author: 'staff', author_id: admin.id, text, upload_id: null, created_at: now };
    const userId = await this.database.db.transaction().execute(async (trx) => {
      const t = await repo.threadById(trx, id);
      if (!t) throw notFound();
      await repo.insertChat(trx, message);
      await repo.bumpThread(trx, t.id, 'staff', now);
      await notify(trx, { userId: t.user_id, kind: 'support_reply', params: { preview: [...text].slice(0, 60).join('') }, at: now, dedupeKey: `support:${message.id}` });
      return t.user_id;
    });
    const item = chatItem(message);
    await this.publishChat(id, userId, item);
    await this.bus.publish(userTopic(userId), { event: 'unread', data: await this.unread(userId) } satisfies StreamEvent);
    return item;
  }

  private async publishChat(threadId: string, userId: string, message: SupportMessage): Promise<void> {
    const chat: StreamEvent = { event: 'chat', data: { threadId, userId, message } };
    await this.bus.publish(userTopic(userId), chat);
    await this.bus.publish(STAFF_TOPIC, chat);
    const row = await repo.threadSummary(this.database.db, threadId);
    if (row) await this.bus.publish(STAFF_TOPIC, { event: 'thread', data: await this.summary(row) } satisfies StreamEvent);
  }

  private async summary(r: repo.ThreadSummaryRow): Promise<SupportThreadSummary> {
    const last = await repo.lastChat(this.database.db, r.id);
    return {
      id: r.id,
      userId: r.user_id,
      phone: r.phone,
      lastAt: Number(r.last_at),
      lastText: last ? [...last.text].slice(0, 80).join('') : '',
      lastAuthor: (last?.author ?? 'user') as 'user' | 'staff',
      unread: Number(r.staff_unread),
    };
  }

  // ---- price alerts ----

  async alerts(userId: string, code: string | undefined): Promise<{ items: PriceAlert[]; max: number }> {
    const rows = await repo.alertsOf(this.database.db, userId, code?.toUpperCase());
    return { items: rows.map((r) => this.alertItem(r)), max: ALERTS_MAX };
  }

  async createAlert(userId: string, body: { code: string; kind: AlertKind; threshold: number }): Promise<PriceAlert> {
    const inst = this.market.instrument(body.code.toUpperCase());
    const q = this.market.quote(inst.code);
    const refusal = alertRefusal(body.kind, body.threshold, q.price);
    if (refusal) throw invalid(refusal.id, { ...refusal.params, priceScale: inst.priceScale });
    const row: repo.AlertRow = { id: uuidv7(), user_id: userId, code: inst.code, kind: body.kind, threshold: body.threshold, fired_at: null, fired_value: null, created_at: this.clock.now() };
    await this.database.db.transaction().execute(async (trx) => {
      // The user's rows are counted under a lock on their thread-free key: the users row.
      if (this.database.caps.rowLocks) await repo.lockUser(trx, userId);
      if ((await repo.countAlerts(trx, userId)) >= ALERTS_MAX) throw ruleBroken('price_alert_limit', { max: ALERTS_MAX });
      await repo.insertAlert(trx, row);
    });
    return this.alertItem(row);
  }

  async deleteAlert(userId: string, id: string): Promise<{ removed: boolean }> {
    if (!(await repo.deleteAlert(this.database.db, userId, id))) throw notFound();
    return { removed: true };
  }

  private alertItem(r: repo.AlertRow): PriceAlert {
    return {
      id: r.id,
      code: r.code,
      kind: r.kind as AlertKind,
      threshold: Number(r.threshold),
      priceScale: this.market.source.instrument(r.code)?.priceScale ?? 0,
      firedAt: r.fired_at === null ? null : Number(r.fired_at),
      firedValue: r.fired_value === null ? null : Number(r.fired_value),
      createdAt: Number(r.created_at),
    };
  }
}

function messageItem(r: repo.MessageRow): MessageItem {
  return { id: r.id, kind: r.kind as MessageItem['kind'], params: JSON.parse(r.params_json) as MessageItem['params'], createdAt: Number(r.created_at), read: r.read_at !== null };
}

function chatItem(r: repo.ChatRow): SupportMessage {
  return { id: r.id, author: r.author as 'user' | 'staff', text: r.text, uploadId: r.upload_id, createdAt: Number(r.created_at) };
}

function newsItem(r: repo.NewsRow, withBody: boolean): NewsItem {
  let content: NewsItem['content'] = null;
  if (r.source === 'editorial') {
    const all = JSON.parse(r.content_json) as Record<string, { title: string; body: string }>;
    content = Object.fromEntries(Object.entries(all).map(([lang, c]) => [lang, withBody ? { title: c.title, body: c.body } : { title: c.title }]));
  }
  return {
    id: r.id,
    source: r.source as NewsItem['source'],
    category: r.category as NewsItem['category'],
    kind: r.kind as NewsItem['kind'],
    code: r.code,
    params: JSON.parse(r.params_json) as NewsItem['params'],
    content,
    publishedAt: Number(r.published_at),
  };
}
