/*
 * The messaging area's tables (migration 2026-11-25-012-messaging). Typed here, next to the area,
 * and added to the database's typed schema by interface merging (as the ipo area's), so the area's
 * SQL stays checked without a cast.
 */

export interface MessageTable {
  id: string;
  user_id: string;
  kind: string;
  params_json: string;
  dedupe_key: string | null;
  read_at: number | null;
  created_at: number;
}

export interface NewsItemTable {
  id: string;
  source: string;
  category: string;
  kind: string;
  code: string | null;
  params_json: string;
  content_json: string;
  dedupe_key: string | null;
  author_id: string | null;
  published_at: number;
}

export interface SupportThreadTable {
  id: string;
  user_id: string;
  last_at: number;
  user_unread: number;
  staff_unread: number;
  created_at: number;
}

export interface SupportMessageTable {
  id: string;
  thread_id: string;
  author: string;
  author_id: string;
  text: string;
  upload_id: string | null;
  created_at: number;
}

export interface PriceAlertTable {
  id: string;
  user_id: string;
  code: string;
  kind: string;
  threshold: number;
  fired_at: number | null;
  fired_value: number | null;
  created_at: number;
}

export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

declare module '../../db/schema' {
  interface DB {
    message: MessageTable;
    news_item: NewsItemTable;
    support_thread: SupportThreadTable;
    support_message: SupportMessageTable;
    price_alert: PriceAlertTable;
    push_subscription: PushSubscriptionTable;
  }
}
