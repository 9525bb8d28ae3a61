/**
 * Documents delivered electronically and exports (docs/domain.md "Documents and exports",
 * docs/decisions/027-documents.md): the kinds of document, the consent to 電子交付, the 取引区分 of
 * an execution, and the small rules every document and export shares. Pure: no I/O, no clock.
 */
import { taxDown } from '../money';
import { LOCAL_TAX_RATE, NATIONAL_TAX_RATE } from './trade-money';
import type { IsoDate } from '../market';
import type { AccountType } from './account-type';

/** 取引報告書 (契約締結時交付書面), 取引残高報告書, 特定口座年間取引報告書. */
export const DOCUMENT_KINDS = ['contract_note', 'balance_report', 'annual_report'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_JA: Record<DocumentKind, string> = {
  contract_note: '取引報告書',
  balance_report: '取引残高報告書',
  annual_report: '特定口座年間取引報告書',
};

/**
 * The consent text's version (what is delivered, how, how to withdraw: the app's consent screen).
 * A new version asks again; the old consent stays on record.
 */
export const CONSENT_VERSION = '2026-12-01';

/** 取引区分: what one execution was (one 取引報告書 each). */
export const EXECUTION_KINDS = [
  'cash_buy', // 現物買
  'cash_sell', // 現物売
  'margin_open_buy', // 信用新規買
  'margin_open_sell', // 信用新規売
  'margin_close_sell', // 信用返済売 (closing a long)
  'margin_close_buy', // 信用返済買 (closing a short)
  'ipo_allotment', // 新規公開株の割当（募集）
  'block_buy', // 立会外分売・ブロック取引の買付
  'trust_buy', // 投資信託の買付
  'trust_sell', // 投資信託の解約
] as const;
export type ExecutionKind = (typeof EXECUTION_KINDS)[number];

export const EXECUTION_KIND_JA: Record<ExecutionKind, string> = {
  cash_buy: '現物買',
  cash_sell: '現物売',
  margin_open_buy: '信用新規買',
  margin_open_sell: '信用新規売',
  margin_close_sell: '信用返済売',
  margin_close_buy: '信用返済買',
  ipo_allotment: '募集（新規公開株）',
  block_buy: '買付（ブロック取引）',
  trust_buy: '投資信託 買付',
  trust_sell: '投資信託 解約',
};

/** 口座区分 as the documents and the CSV exports print it. */
export const ACCOUNT_JA: Record<AccountType, string> = {
  specific: '特定口座',
  general: '一般口座',
  nisa_growth: 'NISA 成長投資枠',
  nisa_tsumitate: 'NISA つみたて投資枠',
};

/** The sells: the executions with a 譲渡損益 (and tax withheld or refunded). */
export const SELL_KINDS: readonly ExecutionKind[] = ['cash_sell', 'margin_close_sell', 'margin_close_buy', 'trust_sell'];

/**
 * The consumption tax inside a fee that includes it (the fee table is 税込, docs/tse-rules.md):
 * ⌊fee × 10 ÷ 110⌋ at 10 %, so 手数料（税抜） + 消費税 = the fee charged, to the yen.
 */
export function consumptionTaxIn(feeIncludingTax: number): number {
  if (feeIncludingTax <= 0) return 0;
  return Math.floor((feeIncludingTax * 10) / 110);
}

/**
 * 源泉徴収税額 split into 所得税（復興特別所得税を含む） 15.315 % and 住民税 5 % of a taxable amount,
 * each rounded down on its own (docs/decisions/009); a refund (negative total) splits the same way.
 */
export function splitWithholding(taxable: number): { national: number; local: number } {
  if (taxable <= 0) return { national: 0, local: 0 };
  return { national: taxDown(taxable, NATIONAL_TAX_RATE), local: taxDown(taxable, LOCAL_TAX_RATE) };
}

/** The calendar quarter (Tokyo) a date falls in: its first and last day. */
export function quarterOf(date: IsoDate): { from: IsoDate; to: IsoDate; label: string } {
  const y = Number(date.slice(0, 4));
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
  const fromMonth = q * 3 + 1;
  const toMonth = fromMonth + 2;
  const last = new Date(Date.UTC(y, toMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${y}-${pad(fromMonth)}-01` as IsoDate, to: `${y}-${pad(toMonth)}-${pad(last)}` as IsoDate, label: `${y}-Q${q + 1}` };
}

/** The quarter before the one `date` falls in. */
export function previousQuarter(date: IsoDate): { from: IsoDate; to: IsoDate; label: string } {
  const { from } = quarterOf(date);
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(0);
  return quarterOf(d.toISOString().slice(0, 10) as IsoDate);
}

/** CSV exports (GET documents/export/{kind}). */
export const EXPORT_KINDS = ['trades', 'records', 'dividends', 'pnl', 'ghostfolio'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** UTF-8 with a BOM (opens correctly in Excel) or Shift_JIS (what Japanese brokers' CSVs default to). */
export const EXPORT_ENCODINGS = ['utf8', 'sjis'] as const;
export type ExportEncoding = (typeof EXPORT_ENCODINGS)[number];
