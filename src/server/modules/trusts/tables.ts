/**
 * Row shapes of the investment-trust area's tables (migration 2026-12-01-001-trusts-and-plans), added
 * to the database's typed schema by interface merging (docs/decisions/022). Yen and units are
 * integers; rates are ppm (parts per million, incl. consumption tax where the law adds it).
 */
export interface TrustFundTable {
  id: string;
  /** 8-character fund code shown on screens (like the 協会コード). */
  code: string;
  name_ja: string;
  name_en: string;
  name_zh: string;
  name_ko: string;
  /** TrustCategory (shared/domain/trust.ts). */
  category: string;
  /** The instrument code of the index it tracks (index funds), else null. */
  benchmark: string | null;
  /** JSON Sleeve[] (shared/domain/trust.ts). */
  basket: string;
  /** Yearly income of the basket (dividends), accrued over calendar days, ppm. */
  income_ppm: number;
  /** 信託報酬, yearly, ppm incl. tax. */
  trust_fee_ppm: number;
  /** 購入時手数料, ppm incl. tax, of the purchase value. */
  purchase_fee_ppm: number;
  /** 信託財産留保額, ppm of a redemption's value. */
  retention_ppm: number;
  /** JSON DistributionRule | null (no distribution). */
  distribution: string | null;
  /** 1: distributions are reinvested (再投資型); 0: paid to cash (受取型). */
  reinvest: number;
  leveraged: number;
  /** 1: holds foreign assets (FX sleeve): the higher つみたて fee cap applies. */
  foreign_assets: number;
  /** 1: tracks an index (or indices) on the つみたて投資枠 designated list. */
  designated_index: number;
  /** 信託期間 end (IsoDate), null = 無期限. */
  term_end: string | null;
  /** Risk class 1 (lowest) … 5. */
  risk: number;
  /** 解約代金 受渡: business days after the 約定日 (nav date). */
  settle_days: number;
  inception: string;
  /** 'open' | 'suspended' (no new orders or plan runs). */
  status: string;
  status_reason: string | null;
  /** 純資産総額 after the last strike (yen). */
  assets: number;
  /** 総口数 after the last strike. */
  units: number;
  /** Remainder of the 信託報酬 accrual (numerator below 1e6 × 365). */
  fee_carry: number;
  /** 基準価額 per 10,000口 at the last strike (10,000 before the first). */
  last_nav: number;
  /** Total-return index at the last strike (10,000 at inception). */
  last_tr: number;
  last_date: string | null;
  created_at: number;
  updated_at: number;
}

export interface TrustNavTable {
  fund_id: string;
  date: string;
  /** 基準価額 per 10,000口 (ex-distribution on a 決算日). */
  nav: number;
  tr: number;
  /** Assets before the 信託報酬 of this strike (yen; the notional 10,000口 of an empty fund). */
  gross_assets: number;
  /** 信託報酬 taken at this strike (yen). */
  fee: number;
  /** Calendar days accrued (since the previous strike). */
  days: number;
  /** Distribution per 10,000口 paid at this strike (0 if none). */
  distribution: number;
  /** 純資産総額 and 総口数 after this strike's orders. */
  assets: number;
  units: number;
  struck_at: number;
}

export interface TrustOrderTable {
  id: string;
  user_id: string;
  fund_id: string;
  /** 'buy' | 'sell'. */
  side: string;
  account_type: string;
  /** 'amount' (金額指定) | 'units' (口数指定) | 'all' (全部解約). */
  mode: string;
  /** Buy by amount: the total to pay incl. fee (yen). */
  amount: number | null;
  /** Units asked (units mode; a sell by units). */
  units_asked: number | null;
  /** Yen frozen for a buy (0 for a sell and once filled or ended). */
  reserved: number;
  /** The business day whose NAV the order takes (約定日). */
  nav_date: string;
  /** 'pending' | 'filled' (buy done; sell waiting for its 受渡日) | 'paid' (sell paid) | 'cancelled' | 'failed'. */
  status: string;
  /** 'order' (the user) | 'plan' (a 積立 run) | 'reinvest' (a distribution reinvested). */
  source: string;
  plan_id: string | null;
  ordered_at: number;
  nav: number | null;
  units: number | null;
  /** units × NAV ÷ 10,000 (buy: rounded up; sell: down), yen. */
  value: number | null;
  /** 購入時手数料 (buy), yen. */
  fee: number | null;
  /** 信託財産留保額 (sell), yen. */
  retention: number | null;
  /** Buy: 取得価額 added (paid); sell: 取得価額 of the units sold. */
  book_cost: number | null;
  /** 個別元本 added (buy: value) or removed (sell). */
  principal: number | null;
  /** Sell: 受渡日. */
  settle_date: string | null;
  /** Sell: tax withheld (+) or refunded (−) at payout. */
  tax: number | null;
  filled_at: number | null;
  paid_at: number | null;
  /** Why it failed or was cut (an id). */
  reason: string | null;
}

export interface TrustHoldingTable {
  user_id: string;
  fund_id: string;
  account_type: string;
  units: number;
  /** 個別元本 total (yen): the units' purchase value without fees, less 元本払戻金. */
  principal: number;
  /** 取得価額 total (yen, incl. 購入時手数料): the tax basis of a sale. */
  book_cost: number;
  updated_at: number;
}

declare module '../../db/schema' {
  interface DB {
    trust_fund: TrustFundTable;
    trust_nav: TrustNavTable;
    trust_order: TrustOrderTable;
    trust_holding: TrustHoldingTable;
  }
}
