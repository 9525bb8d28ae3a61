/**
 * The registry of ledger entry kinds and journal memos (docs/architecture.md, "The money model").
 *
 * Every entry the server posts has a kind listed here. The kind says which records tab shows it
 * and carries its Japanese label (the source text; the client translates it with the `kind.*`
 * catalog entries, and its table is typed by `EntryKind`, so a new kind without a translation
 * does not compile). A memo is a message id plus params (stock code, shares, price…), never a
 * sentence: the reader's language is chosen on the client.
 */

/** The records tabs (`GET funds/records?type=`); `all` shows every kind. */
export const RECORD_TYPES = ['trade', 'grant', 'deposit', 'withdraw', 'fx', 'loan', 'ipo', 'strategy', 'trust', 'all'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface EntryKindInfo {
  /** The records tab the entry appears under (besides `all`). */
  records: Exclude<RecordType, 'all'>;
  /** The Japanese label (source text of the client's translation). */
  ja: string;
}

/**
 * Entry kinds that record an event without moving money (a split changes shares and prices, not
 * yen): journaled with no postings, tied to the user by `journal_entry.user_id`.
 */
export const EVENT_KINDS = ['stock_split', 'plan_skipped'] as const satisfies readonly EntryKind[];

/**
 * Entry kinds whose change of the user's equity is profit that no position or holding carries:
 * dividends (net of the tax withheld), 配当落調整金 received or paid, 配当金相当額 and lending fees,
 * loan and late interest. The ledger keeps their running total per owner (src/server/ledger/income.ts)
 * and funds/summary adds it to realizedPnl, so profit = total assets − net deposits (docs/domain.md
 * "Profit"). A new kind that moves a user's equity outside deposits, trading and holdings belongs
 * here (and in a migration that backfills it).
 */
export const INCOME_KINDS = [
  'dividend', 'dividend_adjustment', 'dividend_substitute', 'lending_fee', 'loan_interest', 'late_interest', 'trust_distribution',
] as const satisfies readonly EntryKind[];

export const ENTRY_KINDS = {
  order_reserve: { records: 'trade', ja: '注文の資金拘束' },
  order_release: { records: 'trade', ja: '拘束資金の返却' },
  trade_open: { records: 'trade', ja: '新規約定' },
  trade_close: { records: 'trade', ja: '決済' },
  margin_interest: { records: 'trade', ja: '信用取引の金利' },
  borrow_fee: { records: 'trade', ja: '貸株料' },
  stock_split: { records: 'trade', ja: '株式分割' },
  dividend: { records: 'trade', ja: '配当金' },
  dividend_adjustment: { records: 'trade', ja: '配当落調整金' },
  settlement: { records: 'trade', ja: '売却代金の受渡' },
  late_interest: { records: 'trade', ja: '不足金の遅延損害金' },
  demo_grant: { records: 'grant', ja: 'デモ資金の付与' },
  admin_grant: { records: 'grant', ja: 'テスト資金の付与' },
  deposit: { records: 'deposit', ja: '入金' },
  fx_exchange: { records: 'fx', ja: '両替' },
  withdrawal_request: { records: 'withdraw', ja: '出金申請（資金拘束）' },
  withdrawal_paid: { records: 'withdraw', ja: '出金' },
  withdrawal_returned: { records: 'withdraw', ja: '出金の返却' },
  withdrawal_cancelled: { records: 'withdraw', ja: '出金申請の取消' },
  // strategy funds (docs/domain.md "Strategy funds"): the reserve, the strike into the fund, redemption, refund, fee
  strategy_subscribe: { records: 'strategy', ja: 'ファンド申込（資金拘束）' },
  strategy_subscription: { records: 'strategy', ja: 'ファンド約定（口数の取得）' },
  strategy_redemption: { records: 'strategy', ja: 'ファンド解約代金' },
  strategy_refund: { records: 'strategy', ja: 'ファンド申込金の返却' },
  strategy_fee: { records: 'strategy', ja: 'ファンド信託報酬' },
  // ipo (docs/domain.md "IPO"): an application's reserve, its returns and the payment of an allotment
  ipo_reserve: { records: 'ipo', ja: '新規公開株の申込（資金拘束）' },
  ipo_release: { records: 'ipo', ja: '新規公開株の拘束資金の返却' },
  ipo_payment: { records: 'ipo', ja: '新規公開株の払込' },
  // lending (docs/domain.md "Loans and stock lending"): the credit line and 貸株
  loan_draw: { records: 'loan', ja: '借入' },
  loan_interest: { records: 'loan', ja: '借入金利' },
  loan_repay: { records: 'loan', ja: '借入の返済' },
  loan_forced_repay: { records: 'loan', ja: '担保売却による返済' },
  lending_fee: { records: 'loan', ja: '貸株金利（雑所得）' },
  dividend_substitute: { records: 'loan', ja: '配当金相当額（雑所得）' },
  // investment trusts and 積立 (docs/domain.md "Investment trusts and 積立"): the reserve at order, its
  // return, the purchase at the NAV, the 解約 payout on the 受渡日, distributions, a skipped plan run
  trust_reserve: { records: 'trust', ja: '投資信託の買付（資金拘束）' },
  trust_release: { records: 'trust', ja: '投資信託の注文取消（拘束資金の返却）' },
  trust_purchase: { records: 'trust', ja: '投資信託の買付約定' },
  trust_redemption: { records: 'trust', ja: '投資信託の解約代金' },
  trust_distribution: { records: 'trust', ja: '投資信託の分配金（普通分配金）' },
  trust_capital_return: { records: 'trust', ja: '投資信託の元本払戻金（特別分配金）' },
  plan_skipped: { records: 'trust', ja: '積立の見送り' },
} as const satisfies Record<string, EntryKindInfo>;

export type EntryKind = keyof typeof ENTRY_KINDS;

export function isEntryKind(kind: string): kind is EntryKind {
  return Object.hasOwn(ENTRY_KINDS, kind);
}

/** The kinds shown under one records tab. */
export function kindsOfRecordType(type: Exclude<RecordType, 'all'>): EntryKind[] {
  return (Object.keys(ENTRY_KINDS) as EntryKind[]).filter((k) => ENTRY_KINDS[k].records === type);
}

/**
 * Memo message ids and the params each carries. Prices are integers in `priceScale` (the client
 * formats them with src/shared/money); `shares` are shares; `through` is a Tokyo date.
 */
export interface MemoParams {
  memo_buy: TradeParams;
  memo_sell_short: TradeParams;
  memo_close: TradeParams;
  memo_auto_close: TradeParams;
  memo_forced_close: TradeParams;
  memo_block_buy: TradeParams;
  memo_order_placed: { code: string; shares: number; orderType: 'market' | 'limit' };
  memo_order_cancelled: { code: string; shares: number };
  /** 訂正: the order's new limit price (the reservation follows it). */
  memo_order_amended: { code: string; shares: number; price: number; priceScale: number };
  memo_order_expired: { code: string; shares: number };
  memo_margin_interest: { code: string; through: string };
  memo_borrow_fee: { code: string; through: string };
  /** 1:ratio split on exDate: the position's shares went from sharesBefore to sharesAfter. */
  memo_split: { code: string; ratio: number; sharesBefore: number; sharesAfter: number; exDate: string };
  /** Dividend per share `perShare` (in priceScale) on `shares`, ex on exDate; tax withheld is its own line. */
  memo_dividend: { code: string; shares: number; perShare: number; priceScale: number; exDate: string };
  /** 配当落調整金: received by a margin long (`up`), paid by a short (`down`). */
  memo_dividend_adjustment: { code: string; shares: number; perShare: number; priceScale: number; exDate: string; direction: 'up' | 'down' };
  /** Sale proceeds settled (T+2) on `settledOn`: unsettled → cash (a shortfall is repaid first). */
  memo_settlement: { settledOn: string };
  /** Late interest on a shortfall due on `dueOn`, for the days before `through`. */
  memo_late_interest: { dueOn: string; through: string };
  memo_demo_grant: Record<never, never>;
  /** The admin's reason, as written (shown to the user: docs/domain.md "What Kabuto never builds" corrections have reasons). */
  memo_admin_grant: { reason: string };
  /** 両替: `amount` of `from` (its minor unit) for `amountOut` of `to`, `spread` of `to` kept by the house. */
  memo_fx_exchange: { from: string; to: string; amount: number; amountOut: number; spread: number };
  /**
   * An approved deposit through `channel` ('bank' | 'usdt'): `amount` credited, of which `repaid`
   * went to repay a shortfall first; `reason` is the reviewer's (it explains a corrected amount).
   */
  memo_deposit: { channel: string; amount: number; repaid: number; reason: string };
  /** A withdrawal request: frozen until review, to `destination` (as shown masked), expected on `expectedOn`. */
  memo_withdrawal_request: { destination: string; expectedOn: string };
  /** A paid withdrawal: frozen → clearing, sent to `destination`; `reason` is the reviewer's. */
  memo_withdrawal_paid: { destination: string; reason: string };
  /** A returned (rejected) withdrawal: frozen → cash; `reason` is the reviewer's. */
  memo_withdrawal_returned: { reason: string };
  /** The user cancelled a pending withdrawal: frozen → cash. */
  memo_withdrawal_cancelled: Record<never, never>;
  /** A subscription of `amount` yen to fund `fund` (its name), reserved until the next NAV. */
  memo_strategy_subscribe: { fund: string; amount: number } & FundNames;
  /** `units` bought at `nav` (per 10,000 units) struck on `date`; `amount` paid in, the rest returned. */
  memo_strategy_subscription: { fund: string; units: number; nav: number; date: string; amount: number } & FundNames;
  /** `units` redeemed (or paid at termination) at `nav` struck on `date`. */
  memo_strategy_redemption: { fund: string; units: number; nav: number; date: string } & FundNames;
  /** A reserved subscription returned (the fund ended before its strike). */
  memo_strategy_refund: { fund: string; amount: number } & FundNames;
  /** The fund's management fee of `date` (the value of `units` taken from the holdings at their rates). */
  memo_strategy_fee: { fund: string; date: string; units: number } & FundNames;
  /** An IPO / offering application of `lots` for `code`: `amount` reserved at the top of the provisional range. */
  memo_ipo_reserve: { code: string; lots: number; amount: number } & OfferingNames;
  /** Reserve returned (why: cancel | pricing | not_won | partial | waived | lapsed). */
  memo_ipo_release: { code: string; why: string; amount: number } & OfferingNames;
  /** An allotment paid from its reserve: `shares` at the issue price `price` (priceScale). */
  memo_ipo_payment: { code: string; shares: number; price: number; priceScale: number } & OfferingNames;
  /** A loan drawn at `rateBp` a year (docs/domain.md "Loans and stock lending"). */
  memo_loan_draw: { rateBp: number };
  /** Loan interest for the days before `through` (cumulative basis), added to what is owed. */
  memo_loan_interest: { through: string; rateBp: number };
  /** A repayment: `interest` first, then `principal`. */
  memo_loan_repay: { interest: number; principal: number };
  /** Pledged holdings sold at market because the LTV passed `forcedBp` (`ltvBp` before), repaid back to `targetBp`. */
  memo_loan_forced_repay: { ltvBp: number; forcedBp: number; targetBp: number; interest: number; principal: number };
  /** 貸株金利 on `shares` of `code` for the days before `through`, at `rateBp` a year; 雑所得. */
  memo_lending_fee: { code: string; shares: number; through: string; rateBp: number };
  /** 配当金相当額 for lent shares (paid in place of the dividend; 雑所得, not withheld). */
  memo_dividend_substitute: { code: string; shares: number; perShare: number; priceScale: number; exDate: string };
  /** A fund buy of `amount` yen (total incl. fee) at the NAV of `navDate`, reserved until then. */
  memo_trust_reserve: { fund: string; fundCode: string; amount: number; navDate: string } & FundNames;
  /** A fund buy's reserve returned (why: cancel | failed). */
  memo_trust_release: { fund: string; fundCode: string; amount: number; why: string } & FundNames;
  /** `units` bought at `nav` (per 10,000口) of `date`: `value` plus `fee` (購入時手数料) paid, the rest returned. */
  memo_trust_purchase: { fund: string; fundCode: string; units: number; nav: number; date: string; value: number; fee: number } & FundNames;
  /** 解約 of `units` at `nav` of `date`: `value` less `retention` (信託財産留保額); `gain` over the 取得価額; tax its own line. */
  memo_trust_redemption: { fund: string; fundCode: string; units: number; nav: number; date: string; value: number; retention: number; gain: number } & FundNames;
  /** A distribution of `per10k` per 10,000口 on `units` (決算日 `date`): 普通分配金 `ordinary` (taxed), 元本払戻金 `special`; `paid`: reinvested or paid to cash. */
  memo_trust_distribution: { fund: string; fundCode: string; units: number; per10k: number; date: string; ordinary: number; special: number; paid: 'reinvest' | 'cash' } & FundNames;
  /** 元本払戻金（特別分配金） of `amount` on `units` (決算日 `date`): the holder's own principal back, untaxed; 取得価額 falls by it. */
  memo_trust_capital_return: { fund: string; fundCode: string; units: number; date: string; amount: number; paid: 'reinvest' | 'cash' } & FundNames;
  /** A 積立 run of `runDate` skipped for `reason` (a PlanSkipReason): a fund (`fund` its name, `fundCode`) or a stock `code`. */
  memo_plan_skipped: { kind: string; code?: string; fund?: string; fundCode?: string; reason: string; runDate: string; amount?: number } & FundNames;
  /** An entry written before memos were message ids: the client shows the kind only. */
  memo_none: Record<never, never>;
}

/**
 * The offering's names in an IPO memo: a stock not listed yet has no instrument the records could
 * name it by. Entries written before the memos carried them have none (the record shows the code).
 */
/** An offering's names as its memos carry them (Traditional Chinese and Korean only when the admin entered them). */
export type OfferingNames = { nameJa?: string; nameEn?: string; nameZhHant?: string; nameKo?: string };

/**
 * A strategy fund's other names as its memos carry them beside `fund` (the Japanese one): only those
 * the admin entered. Entries written before the memos carried them show the Japanese name.
 */
export type FundNames = { fundEn?: string; fundZhHant?: string; fundKo?: string };

export type TradeParams = {
  code: string;
  shares: number;
  price: number;
  priceScale: number;
  /** The position's side and leverage (1 = cash), so 現物買 / 信用新規買 / 返済 read right. */
  direction?: 'up' | 'down';
  leverage?: number;
};

export type MemoId = keyof MemoParams;

export const MEMO_IDS = [
  'memo_buy', 'memo_sell_short', 'memo_close', 'memo_auto_close', 'memo_forced_close', 'memo_block_buy',
  'memo_order_placed', 'memo_order_cancelled', 'memo_order_amended', 'memo_order_expired', 'memo_margin_interest', 'memo_borrow_fee',
  'memo_split', 'memo_dividend', 'memo_dividend_adjustment', 'memo_settlement', 'memo_late_interest',
  'memo_demo_grant', 'memo_admin_grant', 'memo_deposit', 'memo_fx_exchange', 'memo_withdrawal_request', 'memo_withdrawal_paid', 'memo_withdrawal_returned', 'memo_withdrawal_cancelled', 'memo_strategy_subscribe', 'memo_strategy_subscription', 'memo_strategy_redemption', 'memo_strategy_refund', 'memo_strategy_fee', 'memo_ipo_reserve', 'memo_ipo_release', 'memo_ipo_payment',
  'memo_loan_draw', 'memo_loan_interest', 'memo_loan_repay', 'memo_loan_forced_repay', 'memo_lending_fee', 'memo_dividend_substitute',
  'memo_trust_reserve', 'memo_trust_release', 'memo_trust_purchase', 'memo_trust_redemption', 'memo_trust_distribution', 'memo_trust_capital_return', 'memo_plan_skipped',
  'memo_none',
] as const satisfies readonly MemoId[];

export type Memo = { [K in MemoId]: { id: K; params: MemoParams[K] } }[MemoId];

/** A memo as stored in `journal_entry.memo` (JSON with sorted keys, so equal memos store equal). */
export function encodeMemo(memo: Memo): string {
  const params = memo.params as Record<string, unknown>;
  const sorted = Object.fromEntries(Object.keys(params).sort().map((k) => [k, params[k]]));
  return JSON.stringify({ id: memo.id, params: sorted });
}

/** The stored memo back as id + params; anything else (an older free-text memo) is `memo_none`. */
export function decodeMemo(stored: string): Memo {
  if (stored.startsWith('{')) {
    try {
      const v = JSON.parse(stored) as { id?: unknown; params?: unknown };
      if (typeof v.id === 'string' && (MEMO_IDS as readonly string[]).includes(v.id) && v.params && typeof v.params === 'object') {
        return v as Memo;
      }
    } catch {
      // not JSON: falls through
    }
  }
  return { id: 'memo_none', params: {} };
}
