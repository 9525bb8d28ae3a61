/**
 * Stable message ids: one per entry of the error catalogue of docs/product.md "Messages", plus the transport errors
 * of docs/architecture.md "The contract". The server sends only these ids (with `params` for numbers and time ranges);
 * the client owns every human text. Never rename an id: old clients translate by it.
 */
export const MESSAGE_IDS = [
  // generic outcomes (docs/product.md "Messages": "generic success and failure messages exist for each action")
  'success',
  'failed',
  'cancel_success',
  'cancel_failed',
  'sell_success',
  'sell_failed',
  'loan_success',
  'loan_failed',
  'subscribe_success',
  'subscribe_failed',
  'deposit_success',
  'deposit_failed',
  'withdraw_success',
  'withdraw_failed',
  // login and registration
  'login_failed',
  'account_not_found',
  'phone_or_password_incorrect',
  'account_exists',
  'invite_code_invalid',
  'account_banned',
  'account_frozen',
  'account_no_trade',
  'key_mismatch',
  'agreement_required',
  // passwords
  'fund_password_not_set',
  'fund_password_wrong',
  'fund_password_locked',
  'original_password_wrong',
  'channel_password_wrong',
  'password_mismatch',
  'password_same_as_old',
  // the password policy (docs/domain.md "Registration", docs/decisions/007-password-checks.md)
  'password_too_common',
  'password_from_phone',
  'password_blank',
  // … and the strength estimate (zxcvbn-ts, server-side): the pattern that makes the password guessable
  'password_from_name',
  'password_repeated',
  'password_sequence',
  'password_keyboard',
  'password_date',
  'password_common_words',
  'password_too_weak',
  // balance and loans
  'balance_insufficient',
  // currency exchange (src/shared/api/fx.ts)
  'fx_quote_expired',
  'fx_quote_used',
  'fx_quote_not_found',
  'fx_same_currency',
  'fx_amount_too_small',
  'balance_insufficient_margin',
  'balance_insufficient_withdraw',
  'borrow_quota_insufficient',
  'borrow_quota_full',
  'borrow_channel_closed',
  'no_loan_limit',
  'repay_exceeds_borrowed',
  'repay_loan_first',
  // lending (docs/domain.md "Loans and stock lending"): borrowing stopped past the LTV warning line: params {ltvBp, warnBp};
  // a lent position cannot be sold until recalled: params {code, completesOn}; only held cash positions are lent;
  // a position already lent; a recall of a stock loan not lent now; a repayment of a loan already repaid;
  // a pledged position whose lending would leave the loan above 60 % of the rest: params {amount (owed), currency, limitPercent, code}
  'loan_ltv_high',
  'position_lent',
  'lend_not_cash_position',
  'lend_already_lent',
  'lend_collateral_pledged',
  'stock_loan_not_recallable',
  'loan_already_repaid',
  'fundraising_insufficient',
  // pending operations
  'order_pending_review',
  'deposit_pending',
  'fund_operation_in_progress',
  'submit_too_frequent',
  // identity and accounts
  'real_name_required',
  'real_name_failed',
  'card_exists',
  // uploads (docs/domain.md "Uploads"): params {max} on the limits
  'upload_empty',
  'upload_type_not_allowed',
  'upload_too_large',
  'upload_too_many_pixels',
  'upload_unreadable',
  'upload_pdf_active_content',
  'upload_pdf_encrypted',
  // the per-user quotas: files and bytes stored per Tokyo day (429, params {max, until}: the limit — MB
  // for bytes — and the instant it resets) and bytes stored in all (422, params {max} in MB)
  'upload_daily_count_limit',
  'upload_daily_bytes_limit',
  'upload_storage_limit',
  // KYC (docs/domain.md "KYC")
  'kana_latin_letters',
  'kana_invalid',
  'document_number_invalid',
  'kyc_upload_invalid',
  'kyc_under_review',
  'kyc_already_verified',
  'review_already_decided',
  // bank accounts and wallets (docs/domain.md "Bank accounts and wallets"); the limits: params {max}
  'bank_not_found',
  'branch_not_found',
  'bank_account_number_invalid',
  'bank_holder_mismatch',
  'bank_account_limit',
  'wallet_address_invalid',
  'wallet_checksum_invalid',
  'wallet_exists',
  'wallet_limit',
  // adding a destination needs a sign-in made within the last {minutes} (403); a new destination
  // receives no withdrawal before params {usableAt} (epoch ms, config payoutHoldHours)
  'reauth_required',
  'payout_destination_on_hold',
  // products and subscription
  'product_not_found',
  'not_trading_time',
  'not_subscription_time',
  'ipo_channel_closed',
  'ipo_repeat_limit',
  'block_trade_closed',
  // an admin block offer's price outside the day's limits or ±10% of the previous close: params {lower, upper}
  'block_price_out_of_range',
  // an admin PO / placement price outside the day's limits or 90–100 % of the previous close:
  // params {field, lower, upper, prevClose, priceScale} (docs/domain.md "IPO and offerings")
  'offering_price_out_of_range',
  // an admin IPO provisional range whose top is more than 25 % above its bottom: params {field, lower, upper, priceScale}
  'ipo_price_range_too_wide',
  'price_unavailable',
  // a limit price outside the day's limits: params {price, priceScale, lower, upper, nearest} (docs/tse-rules.md)
  'price_beyond_limit',
  // a limit price off the tick grid: params {price, priceScale, tick, below, above}, the valid prices around it
  'price_off_tick',
  // a short (direction down) at 1×: a short always borrows the shares, so it needs margin (docs/domain.md "Trading")
  'short_needs_margin',
  // orders
  'order_not_found',
  'order_state_invalid',
  // selling before T+N trading days, or inside a block-trade lock: params.date is the first day allowed
  'sell_not_allowed_yet',
  // 現物売 of shares that are not a multiple of the 単元 (nor everything sellable): params {shares, lot, below?, above?},
  // the nearest allowed counts (docs/decisions/011-selling-a-holding.md; it replaced sell_quantity_not_whole_positions)
  'sell_quantity_not_lot_multiple',
  // 現物売 of more shares than held or sellable now: params {shares, held, sellable}
  'sell_exceeds_holding',
  // a margin or short order without an approved 信用取引口座 (POST margin-account, docs/domain.md "Margin account"):
  // params {state: none | pending | rejected}; it replaced margin_agreement_required (the agreement is part of the application)
  'margin_account_required',
  // account types and NISA (docs/domain.md "Account types and NISA"): a margin / short / day trade asking for NISA params {account};
  // an account the user does not have params {account}; what a NISA frame does not take params {code, account, reason: designated |
  // tsumitate_funds_only}; a NISA buy beyond the frame's room params {account, yearRemaining, lifetimeRemaining} (yen)
  'nisa_margin_not_allowed',
  'account_type_unavailable',
  'nisa_not_eligible',
  'nisa_limit_exceeded',
  // applying again while an application is pending or approved; a rejected one before params {date} (config marginReapplyDays)
  'margin_account_pending',
  'margin_account_already_approved',
  'margin_account_reapply_later',
  // the tax-account area (docs/domain.md "Account types and NISA"): the 源泉徴収 choice changed after the
  // year's first 特定口座 sale or dividend, params {nextChange} (YYYY-01-01); a NISA application without a
  // verified My Number identity, params {status} (the KYC status); a second one while one is pending or
  // approved, params {state}. (account_type_unavailable {account} above: also a withholding change without 特定口座.)
  'withholding_locked',
  'nisa_my_number_required',
  'nisa_already_applied',
  'follow_time_exceeded',
  // strategy funds (docs/domain.md "Strategy funds"): below the minimum params {amount}; locked params {date};
  // a subscription after which the fund still could not follow its rule params {amount (the least accepted), min (its minimum investable size), currency}
  'strategy_not_found',
  'strategy_below_minimum',
  'strategy_below_investable',
  'strategy_not_open',
  'strategy_locked',
  'strategy_holding_state_invalid',
  // cash flow (docs/product.md's "credit score too low to withdraw" is deliberately absent: docs/domain.md "What Kabuto never builds")
  'deposit_time_closed',
  'withdraw_time_closed',
  // withdrawals (docs/domain.md "Withdrawals"): the amount outside the limits: params {min, max};
  // a shortfall owed: params {amount, currency, dueOn}; one pending request at a time
  'withdraw_amount_out_of_range',
  'withdraw_shortfall_owed',
  'withdraw_pending',
  'withdraw_not_pending',
  'withdraw_cancelled',
  // deposits (docs/domain.md "Deposits"): the amount outside the limits: params {min, max, currency}
  'deposit_amount_out_of_range',
  'deposit_channel_unavailable',
  'deposit_address_unavailable',
  'deposit_address_invalid',
  'deposit_address_exists',
  'deposit_receipt_invalid',
  // the receipt upload is already used by another deposit that was not rejected (one deposit per receipt)
  'deposit_receipt_used',
  // an approval crediting more than the user stated: params {max, currency}; the difference is a separate, reasoned grant
  'deposit_amount_above_stated',
  // transport and platform (docs/architecture.md "The contract")
  'invalid_request',
  'invalid_json',
  'payload_too_large',
  'headers_too_large',
  'unsupported_media_type',
  'login_required',
  'session_expired',
  'forbidden',
  'admin_only',
  'not_found',
  'user_not_found',
  'too_many_requests',
  // a shared part (the rate-limit store on Redis) is down: the request is refused, retry shortly
  'service_unavailable',
  'idempotency_key_required',
  'idempotency_key_reused',
  'config_unknown',
  'config_invalid',
  // a number outside its item's bounds: params {name, min, max}
  'config_out_of_bounds',
  // two items out of order (forced close not below the margin call): params {name, other, otherValue}
  'config_inconsistent',
  // a shortfall (不足金) is owed: no new positions until it is repaid; params {amount, dueOn}
  'shortfall_owed',
  // a stop order's trigger the price has already reached (it would fill at once): params {trigger, price}
  'trigger_already_reached',
  'offline',
  'network_error',
  'timeout',
  'internal_error',
  // watchlist groups (docs/domain.md "Watchlist groups"): params {max}; the name: params {min, max}
  'watchlist_group_limit',
  'watchlist_group_full',
  'watchlist_group_name_invalid',
  'watchlist_group_default',
  // passkeys (docs/decisions/008-passkeys.md)
  'passkey_failed',
  'passkey_challenge_expired',
  'passkey_exists',
  'step_up_required',
  // phishing-resistant sign-in (docs/decisions/008-passkeys.md follow-up): a password alone is refused
  // for an account that requires a passkey (403); the back office refuses an admin's password session
  // (403); turning the requirement on needs a registered passkey (422); the last passkey of an account
  // that requires one, or of an admin, cannot be deleted (422)
  'passkey_login_required',
  'admin_passkey_required',
  'passkey_not_registered',
  'passkey_last_required',
  // a sign-in was reported as not the user's (docs/domain.md "Login history and devices"): withdrawals,
  // fund-password commands and payout destination changes wait for a new login password (403)
  'security_locked',
  // messaging (docs/domain.md "Messages, news and support"): chat text params {max}; an alert on the
  // wrong side of the price params {price} (or {max} bp); alerts per user params {max}
  'chat_message_empty',
  'chat_message_too_long',
  'price_alert_invalid',
  'price_alert_limit',
  'push_subscription_invalid',
  'news_not_found',
  // investment trusts (docs/domain.md "Investment trusts and 積立"): no such fund / order of the user's; a suspended
  // fund params {code}; a one-off buy in つみたて投資枠 (only through a 積立 plan) params {account}; a buy below
  // the minimum params {min, currency}; a 解約 of more units than held and free params {available}; a cancel after the
  // 15:30 cut-off of the order's NAV date (or of an order no longer pending) params {until (epoch ms), status}
  'trust_not_found',
  'trust_order_not_found',
  'trust_suspended',
  'nisa_tsumitate_plan_only',
  'trust_min_amount',
  'trust_units_exceed',
  'trust_not_cancellable',
  // 積立 plans (docs/domain.md "Investment trusts and 積立"): a schedule that is not one params {field}; an
  // account type the plan's kind may not use params {account, kind}; a fund id or stock code that is not
  // one params {target}; a plan not the user's or not there; a stopped plan edited or resumed (422)
  'plan_schedule_invalid',
  'plan_account_not_allowed',
  'plan_target_unknown',
  'plan_not_found',
  'plan_stopped',
  // Documents (docs/domain.md "Documents and exports"): a consent to another version than the current
  // text's params {expected}; two admins reissuing the same document at once (409); no font to draw a
  // document with (503: the operator sets KABUTO_PDF_FONT); a sixth 取引残高報告書 asked for in one Tokyo
  // day params {limit} (422)
  'document_consent_version',
  'document_reissue_conflict',
  'document_unavailable',
  'document_request_limit',
] as const;

export type MessageId = (typeof MESSAGE_IDS)[number];

const known = new Set<string>(MESSAGE_IDS);
export function isMessageId(value: string): value is MessageId {
  return known.has(value);
}

/** Messages whose params carry a time range (docs/product.md "Messages": shown with the range filled in). */
export const TIME_RANGE_MESSAGES: ReadonlySet<MessageId> = new Set<MessageId>([
  'deposit_time_closed',
  'withdraw_time_closed',
]);
