import type { Generated } from 'kysely';

/** Row shapes. Times are UTC epoch milliseconds; booleans are 0/1 (portable across dialects). */
export interface UsersTable {
  id: string;
  phone: string;
  password_hash: string;
  fund_password_hash: string | null;
  fund_password_failures: Generated<number>;
  fund_password_locked_until: number | null;
  /** Fund-password tries reserved and not settled, successes held back, when the pending count as lost (platform/attempts.ts). */
  fund_password_pending: Generated<number>;
  fund_password_held: Generated<number>;
  fund_password_stale_at: Generated<number>;
  invite_code: string;
  invited_by: string | null;
  state: Generated<string>;
  state_reason: string | null;
  is_admin: Generated<number>;
  /** 1: a password alone opens no session, the user signs in with a passkey (docs/decisions/008-passkeys.md). */
  passkey_required: Generated<number>;
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
  /** How the session was signed in: 'password' (and registration) or 'passkey'; the back office takes only 'passkey'. */
  auth_method: Generated<string>;
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
  /** The account type (口座区分) an entry about a position or holding belongs to; null for the rest. */
  tax_account: Generated<string | null>;
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

/** Per owner and currency: Σ the owner's postings in entries of the income kinds (ledger/income.ts). */
export interface LedgerIncomeTable {
  owner: string;
  currency: string;
  amount: number;
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

/** Trading (migration 2026-11-22-003): see src/server/modules/trade. */
export interface TradePositionTable {
  id: string;
  user_id: string;
  code: string;
  business_type: string;
  direction: string;
  price_type: string;
  status: string;
  currency: string;
  price_scale: number;
  lots: number | null;
  quantity: number;
  leverage_x10: number;
  limit_price: number | null;
  day_trade: number;
  placed_at: number;
  fill_at: number | null;
  expires_at: number | null;
  reserved: number;
  buy_time: number | null;
  buy_price: number | null;
  contract_value: number | null;
  principal: number;
  open_fee: number;
  close_fee: number;
  interest: number;
  interest_from: string | null;
  tax: number;
  pnl: number | null;
  sell_time: number | null;
  sell_price: number | null;
  close_type: string | null;
  close_limit_price: number | null;
  close_fill_at: number | null;
  close_expires_at: number | null;
  close_reason: string | null;
  auto_close_at: number | null;
  sellable_from: string | null;
  locked_until: string | null;
  block_offer_id: string | null;
  margin_call_at: number | null;
  updated_at: number;
  /** Risk terms the position was opened on (null on rows from before they were kept: current config). */
  maintenance_bp: number | null;
  forced_close_bp: number | null;
  interest_bp: number | null;
  actions_through: string | null;
  reserved_unsettled: number;
  trigger_price: number | null;
  triggered_at: number | null;
  close_trigger_price: number | null;
  close_triggered_at: number | null;
  validity: string | null;
  close_stop_price: number | null;
  then_close: string | null;
  exec_condition: string | null;
  /**
   * 取得価額 share of a cash holding row by 総平均法 (migration 2026-11-29-001, modules/trade/book-cost-rules.ts):
   * null until a sale re-averages it (its own cost then); on a closed row, the 取得費 its sale used.
   */
  book_cost: number | null;
  /** 口座区分 (AccountType, shared/domain/account-type.ts; migration 2026-11-30-001): 'specific' before. */
  account_type: Generated<string>;
}

/** Realized P/L per user, added to by each close (migration 2026-11-26-001, docs/decisions/019-flat-with-data.md). */
export interface TradeRealizedTable {
  user_id: string;
  amount: number;
  updated_at: number;
}

export interface TradeSettlementTable {
  id: string;
  user_id: string;
  currency: string;
  position_id: string | null;
  amount: number;
  trade_date: string;
  settles_on: string;
  created_at: number;
}

/** A job's bookkeeping (the trading engine's minute catch-up: name `trade.bars`). */
export interface JobStateTable {
  name: string;
  /** Minutes that ended at or before this instant have been looked at. */
  through: number;
}

export interface ShortfallNoticeTable {
  user_id: string;
  currency: string;
  since: string;
  due_on: string;
  accrued_through: string;
  accrual_units: number;
  charged: number;
  updated_at: number;
}

export interface TradeAlertTable {
  id: string;
  position_id: string;
  user_id: string;
  kind: string;
  params_json: string;
  at: number;
}

/** The year's netting of realized gains per user, Tokyo year and account type (migration 2026-11-30-001). */
export interface TradeTaxYearAccountTable {
  user_id: string;
  year: number;
  /** AccountType (shared/domain/account-type.ts). */
  account: string;
  net_gain: number;
  tax_withheld: number;
  updated_at: number;
}

export interface BlockOfferTable {
  id: string;
  code: string;
  price: number;
  price_scale: number;
  min_shares: number;
  shares_total: number;
  shares_available: number;
  lock_days: number;
  window_from: number;
  window_to: number;
  created_by: string;
  created_at: number;
}

/** Watchlists (migration 2026-11-22-002): see src/server/modules/watchlist. */
export interface WatchlistTable {
  user_id: string;
  code: string;
  position: number;
  added_at: number;
}

/** Watchlist groups (migration 2026-11-25-002): see src/server/modules/watchlist. */
export interface WatchlistGroupTable {
  id: string;
  user_id: string;
  name: string;
  position: number;
  created_at: number;
}

export interface WatchlistGroupItemTable {
  group_id: string;
  code: string;
  position: number;
  added_at: number;
}

/** Agreement to the 信用取引 risk explanation (migration 2026-11-25-001). */
export interface MarginAgreementTable {
  user_id: string;
  version: number;
  agreed_at: number;
}

/** Uploaded files (migration 2026-11-25-003): the bytes are in the FileStore under storage_key. */
export interface UploadTable {
  id: string;
  user_id: string;
  purpose: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  storage_key: string;
  created_at: number;
}

/** Identity submissions (migration 2026-11-25-003); review_* are the review workflow's columns. */
export interface KycSubmissionTable {
  id: string;
  user_id: string;
  name: string;
  name_kana: string;
  document_type: string;
  document_number_masked: string;
  front_upload_id: string;
  back_upload_id: string;
  created_at: number;
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
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
  ledger_income: LedgerIncomeTable;
  idempotency: IdempotencyTable;
  watchlist: WatchlistTable;
  watchlist_group: WatchlistGroupTable;
  watchlist_group_item: WatchlistGroupItemTable;
  trade_position: TradePositionTable;
  trade_alert: TradeAlertTable;
  trade_tax_year_account: TradeTaxYearAccountTable;
  trade_settlement: TradeSettlementTable;
  trade_realized: TradeRealizedTable;
  shortfall_notice: ShortfallNoticeTable;
  job_state: JobStateTable;
  margin_agreement: MarginAgreementTable;
  block_offer: BlockOfferTable;
  passkey_credential: PasskeyCredentialTable;
  passkey_challenge: PasskeyChallengeTable;
  passkey_step_up: PasskeyStepUpTable;
  server_secret: ServerSecretTable;
  cash_bank_account: CashBankAccountTable;
  cash_wallet: CashWalletTable;
  cash_withdrawal: CashWithdrawalTable;
  lending_loan: LendingLoanTable;
  lending_stock: LendingStockTable;
  lending_event: LendingEventTable;
  lending_ltv_state: LendingLtvStateTable;
  upload: UploadTable;
  kyc_submission: KycSubmissionTable;
  fx_quote: FxQuoteTable;
  cash_deposit_channel: CashDepositChannelTable;
  cash_deposit: CashDepositTable;
  cash_deposit_address: CashDepositAddressTable;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/** Passkeys (migration 2026-11-23-002, docs/decisions/008-passkeys.md). */
export interface PasskeyCredentialTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: Generated<number>;
  transports: Generated<string>;
  rp_id: string;
  name: string;
  backed_up: Generated<number>;
  created_at: number;
  last_used_at: number | null;
}

export interface PasskeyChallengeTable {
  id: string;
  purpose: string;
  challenge: string;
  user_id: string | null;
  session_id: string | null;
  rp_id: string;
  expires_at: number;
}

export interface PasskeyStepUpTable {
  token_hash: string;
  user_id: string;
  session_id: string;
  expires_at: number;
}

/** Bank accounts (migration 2026-11-25-004): see src/server/modules/cash. */
export interface CashBankAccountTable {
  id: string;
  user_id: string;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  type: string;
  number: string;
  holder_kana: string;
  created_at: number;
  deleted_at: number | null;
  /** No withdrawal before this instant (migration 2026-11-28-004); null on rows from before the hold. */
  usable_at: number | null;
}

/** Withdrawal requests (migration 2026-11-25-008): see src/server/modules/cash/withdrawals.ts. */
export interface CashWithdrawalTable {
  id: string;
  user_id: string;
  currency: string;
  amount: number;
  bank_account_id: string | null;
  wallet_id: string | null;
  /** pending | paid | returned | cancelled */
  status: string;
  /** Tokyo date the money is expected to arrive. */
  expected_on: string;
  created_at: number;
  cancelled_at: number | null;
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

/** USDT wallet addresses (migration 2026-11-25-004): see src/server/modules/cash. */
export interface CashWalletTable {
  id: string;
  user_id: string;
  network: string;
  address: string;
  label: string | null;
  created_at: number;
  deleted_at: number | null;
  /** As on cash_bank_account. */
  usable_at: number | null;
}

/** Deposit channels, admin-managed (migration 2026-11-25-006). */
export interface CashDepositChannelTable {
  id: string;
  type: string;
  currency: string;
  label: string;
  bank_name: string | null;
  branch_name: string | null;
  account_type: string | null;
  account_number: string | null;
  holder: string | null;
  network: string | null;
  address: string | null;
  active: number;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** USDT deposit addresses of a channel, each given to one user for good (migration 2026-11-25-013). */
export interface CashDepositAddressTable {
  id: string;
  channel_id: string;
  address: string;
  user_id: string | null;
  assigned_at: number | null;
  created_at: number;
}

/** Deposit requests, reviewed rows (platform/review.ts). */
export interface CashDepositTable {
  id: string;
  user_id: string;
  channel_id: string;
  currency: string;
  amount: number;
  credited_amount: number | null;
  receipt_upload_id: string;
  reference: string;
  entry_id: string | null;
  created_at: number;
  /** 1 on a row from before migration 2026-11-27-003 that shares its receipt with an older one (left out of the one-per-receipt index). */
  receipt_repeat: Generated<number>;
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

/** Currency exchange quotes (migration 2026-11-25-007): see src/server/modules/fx. */
export interface FxQuoteTable {
  id: string;
  user_id: string;
  from_currency: string;
  to_currency: string;
  amount: number;
  amount_out: number;
  mid_amount_out: number;
  spread_bp: number;
  rate: number;
  mid_rate: number;
  created_at: number;
  valid_until: number;
  used_at: number | null;
  entry_id: string | null;
}

/** Lending (migration 2026-11-25-010-lending; docs/domain.md "Loans and stock lending"). */
export interface LendingLoanTable {
  id: string;
  user_id: string;
  status: string;
  amount: number;
  principal: number;
  interest: number;
  interest_charged: number;
  accrual_units: number;
  repaid: number;
  rate_bp: number;
  accrued_through: string;
  created_at: number;
  repaid_at: number | null;
}

export interface LendingStockTable {
  id: string;
  user_id: string;
  position_id: string;
  code: string;
  shares: number;
  status: string;
  rate_bp: number;
  fee_paid: number;
  accrual_units: number;
  accrued_through: string;
  created_at: number;
  recalled_at: number | null;
  completes_on: string | null;
  completed_at: number | null;
}

export interface LendingEventTable {
  id: string;
  user_id: string;
  ref_id: string;
  kind: string;
  amount: number;
  date: string;
  at: number;
  code: string | null;
  shares: number | null;
  ltv_bp: number | null;
}

export interface LendingLtvStateTable {
  user_id: string;
  state: string;
  ltv_bp: number;
  updated_at: number;
}
