/**
 * What the documents are made of (docs/domain.md "Documents and exports"): the facts read from the
 * ledger, trade's positions and the trusts' orders (executions.ts, reports.ts), and the layout a
 * PDF is drawn from (rules.ts builds it from the facts, pdf.ts draws it). Integers only: yen,
 * shares, units; prices in `priceScale`.
 */
import type { AccountType } from '../../../shared/domain/account-type';
import type { DocumentKind, ExecutionKind } from '../../../shared/domain/documents';
import type { IsoDate } from '../../../shared/market';

/** The customer a document is addressed to. */
export interface Customer {
  userId: string;
  /** お客様番号: the user id's last 8 characters, upper case. */
  number: string;
  /** The name (kanji) of an approved KYC, else null (the document shows the number only). */
  name: string | null;
}

/** One execution (約定): one 取引報告書. Amounts are yen, all ≥ 0 unless said otherwise. */
export interface Execution {
  /** `entry:<journal entry id>` (stocks, IPO) or `trust:<trust order id>`: unique, the document's source key. */
  sourceKey: string;
  userId: string;
  kind: ExecutionKind;
  account: AccountType;
  /** 約定日時 (ms) and its Tokyo date; 受渡日. */
  executedAt: number;
  tradeDate: IsoDate;
  settlesOn: IsoDate;
  /** Stock code, or the fund's code for a trust. */
  code: string;
  nameJa: string;
  nameEn: string;
  /** Shares, or units (口) of a trust. */
  quantity: number;
  /** 約定単価 in `priceScale` (a trust: 基準価額 per `perUnits` 口, yen, priceScale 1). */
  unitPrice: number;
  priceScale: number;
  /** 1 for shares; 10,000 for a trust's NAV (per 1万口). */
  perUnits: number;
  /** 約定金額. */
  contractValue: number;
  /** 手数料 charged (tax included) and the 消費税 inside it (consumptionTaxIn). */
  fee: number;
  consumptionTax: number;
  /** 金利 (a long margin position's interest, charged at its close) and 貸株料 (a short's). */
  interest: number;
  borrowFee: number;
  /** Of that interest or 貸株料, what was charged day by day while the position was held (not in `net`). */
  interestPaidBefore: number;
  /** 信託財産留保額 (a trust 解約). */
  retention: number;
  /** 譲渡益税 withheld (+) or refunded (−) by this execution (sells in 特定・源泉徴収あり). */
  taxWithheld: number;
  /** 譲渡損益 of a sell (the tax's base: after fees and interest); null for buys. */
  gain: number | null;
  /** 取得費 of a cash sale or 解約 (総平均法), the margin position's cost otherwise; null for buys. */
  cost: number | null;
  /** 受渡金額: what the customer receives (+) or pays (−) on the 受渡日; 0 for a margin opening. */
  net: number;
  /** The position or trust order the execution is of. */
  refId: string;
}

/** 取引残高報告書: the period's executions and the balances at its end. */
export interface BalanceFacts {
  customer: Customer;
  from: IsoDate;
  to: IsoDate;
  /** The instant the balances are taken at (the end of `to`, or now for a report on request). */
  asOf: number;
  executions: Execution[];
  /** Per currency: cash (預り金), proceeds not yet settled, frozen for orders, and the principal in positions (the ledger's `margin` account: cash holdings' cost and margin deposits; not printed as such). */
  cash: { currency: string; cash: number; unsettled: number; frozen: number; margin: number }[];
  /** Shares held in cash (現物) at asOf, valued at the last price then. */
  securities: { code: string; nameJa: string; account: AccountType; quantity: number; price: number; priceScale: number; value: number }[];
  /** Fund units held at asOf, valued at the last NAV struck by then. */
  trusts: { code: string; nameJa: string; account: AccountType; units: number; nav: number; navDate: IsoDate | null; value: number }[];
  /** Margin positions open at asOf (建玉). */
  margin: {
    code: string; nameJa: string; side: 'buy' | 'sell'; quantity: number; openedOn: IsoDate;
    openPrice: number; price: number; priceScale: number; contractValue: number; valuation: number;
  }[];
}

/** One sale in the annual report (譲渡の明細): a stock sale, a margin close or a trust 解約 in 特定. */
export interface AnnualSale {
  sourceKey: string;
  tradeDate: IsoDate;
  settlesOn: IsoDate;
  kind: ExecutionKind;
  code: string;
  nameJa: string;
  quantity: number;
  /** 譲渡の対価の額 (the sale's value), 取得費及び譲渡に要した費用の額等 (cost, fees, interest), 差引金額 = proceeds − cost. */
  proceeds: number;
  cost: number;
  gain: number;
  /** Tax this sale withheld (+) or refunded (−). */
  taxWithheld: number;
}

/** One dividend or ordinary trust distribution paid into 特定 (配当等の明細). */
export interface AnnualDividend {
  sourceKey: string;
  paidOn: IsoDate;
  kind: 'stock' | 'trust';
  code: string;
  nameJa: string;
  gross: number;
  national: number;
  local: number;
}

/** 特定口座年間取引報告書 (the National Tax Agency's layout order). */
export interface AnnualFacts {
  customer: Customer;
  year: number;
  /** 源泉徴収あり or なし (the user's 特定口座 setting at the end of the year). */
  withholding: boolean;
  /** True for the current year's preview (not stored, marked as such). */
  preview: boolean;
  sales: AnnualSale[];
  dividends: AnnualDividend[];
  totals: {
    /** ① 譲渡の対価の額, ② 取得費及び譲渡に要した費用の額等, ③ 差引金額（譲渡所得等の金額） = ① − ②. */
    proceeds: number;
    cost: number;
    gain: number;
    /** ④ 源泉徴収税額: 所得税 (with 復興特別所得税) and 住民税, and their sum (what the ledger withheld). */
    national: number;
    local: number;
    withheld: number;
    /** 配当等の額 and its withholding. */
    dividendGross: number;
    dividendNational: number;
    dividendLocal: number;
  };
}

/** The layout of one document: what pdf.ts draws, top to bottom. Every string is final Japanese text. */
export interface DocModel {
  kind: DocumentKind;
  /** 取引報告書 / 取引残高報告書 / 特定口座年間取引報告書, and a sub-title (契約締結時交付書面, the period…). */
  title: string;
  subtitle: string | null;
  /** Printed at the top right: 書面番号, 作成日, お客様番号, and 訂正 lines of a correction. */
  meta: { label: string; value: string }[];
  /** A banner in red under the title: a preview, a correction, a simulated market. */
  banners: string[];
  sections: DocSection[];
  /** Small print at the bottom: the issuer, the operator's address, the simulated-market notice. */
  footer: string[];
}

export type DocSection =
  /** Label / value rows (a 取引報告書's body, the annual totals). */
  | { type: 'fields'; heading: string | null; rows: { label: string; value: string }[] }
  /** A table; `align` per column ('right' for numbers). */
  | { type: 'table'; heading: string | null; columns: { label: string; align: 'left' | 'right'; width: number }[]; rows: string[][]; empty: string }
  /** A paragraph of notes. */
  | { type: 'text'; heading: string | null; lines: string[] };

/** One dividend, dividend substitute or trust distribution paid to the user (the dividends CSV, Ghostfolio). */
export interface DividendLine {
  /** `entry:<journal entry id>`. */
  sourceKey: string;
  paidAt: number;
  paidOn: IsoDate;
  /** 配当金 (a stock's), 分配金 (a trust's 普通分配金 + 元本払戻金). */
  kind: 'stock' | 'trust';
  account: AccountType | null;
  code: string;
  nameJa: string;
  nameEn: string;
  /** Shares (or units) the payment was for. */
  quantity: number;
  /** Per share in `priceScale` (a trust: per 10,000口, yen, priceScale 1). */
  perShare: number;
  priceScale: number;
  gross: number;
  taxWithheld: number;
  /** What reached the user's cash (or was reinvested): gross − tax. */
  net: number;
}
