import type { Generated } from 'kysely';

/** Row shapes. Times are UTC epoch milliseconds; booleans are 0/1 (portable across dialects). */
export interface UsersTable {
  id: string;
  phone: string;
  password_hash: string;
  fund_password_hash: string | null;
  fund_password_failures: Generated<number>;
  fund_password_locked_until: number | null;
  invite_code: string;
  invited_by: string | null;
  state: Generated<string>;
  state_reason: string | null;
  is_admin: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string | null;
}

export interface ConfigTable {
  name: string;
  value_json: string;
  updated_at: number;
  updated_by: string | null;
}

export interface AdminAuditTable {
  id: string;
  admin_id: string;
  action: string;
  target: string;
  reason: string;
  detail_json: string;
  at: number;
}

export interface LedgerAccountTable {
  id: string;
  /** A user id, or 'house' for the operator's own accounts. */
  owner: string;
  currency: string;
  kind: string;
  created_at: number;
}

export interface JournalEntryTable {
  id: string;
  kind: string;
  user_id: string | null;
  ref_type: string | null;
  ref_id: string | null;
  memo: string;
  created_at: number;
}

export interface PostingTable {
  id: string;
  entry_id: string;
  account_id: string;
  currency: string;
  amount: number;
}

export interface BalanceTable {
  account_id: string;
  currency: string;
  amount: number;
  /** 1 when the balance may never go below zero (user cash-like accounts). */
  floor_zero: number;
  version: number;
  updated_at: number;
}

export interface IdempotencyTable {
  scope: string;
  key: string;
  request_hash: string;
  status: string;
  response_json: string | null;
  created_at: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  config: ConfigTable;
  admin_audit: AdminAuditTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  posting: PostingTable;
  balance: BalanceTable;
  idempotency: IdempotencyTable;
}
