/**
 * The CSV exports' columns, rows and bytes (docs/domain.md "Documents and exports"). Pure: no I/O,
 * no clock. Each export is its Japanese header and a row builder from the facts (Execution,
 * DividendLine, a funds record); the encoder turns rows into the file's bytes one page at a time
 * (exports.ts streams them), so no file is ever whole in memory.
 *
 * Cells: amounts are plain integers in yen (a record in another currency: a plain decimal of its
 * minor unit), prices plain decimals of their scale, dates ISO 8601 (Tokyo: `2026-11-24`, instants
 * `2026-11-24T09:05:00+09:00`).
 */
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { z } from 'zod';
import type { fundsRecord } from '../../../shared/api/funds';
import { RECORD_LINE_TYPES } from '../../../shared/api/funds';
import type { AccountType } from '../../../shared/domain/account-type';
import { ACCOUNT_JA, EXECUTION_KIND_JA, SELL_KINDS, type ExecutionKind, type ExportEncoding } from '../../../shared/domain/documents';
import { ENTRY_KINDS, type RecordType } from '../../../shared/domain/ledger-kinds';
import { jstDate, JST_OFFSET_MS } from '../../../shared/market';
import { currencyDecimals, formatDecimal, isCurrency, scaleDecimals } from '../../../shared/money';
import type { DividendLine, Execution } from './facts';

type FundsRecord = z.infer<typeof fundsRecord>;
export type CsvRow = string[];

// --- cells --------------------------------------------------------------------------------------

/** The records tab (区分) of a record, as the records screen names it. */
const RECORD_TYPE_JA: Record<Exclude<RecordType, 'all'> | 'other', string> = {
  trade: '取引',
  grant: '付与',
  deposit: '入金',
  withdraw: '出金',
  fx: '両替',
  loan: '借入・貸株',
  ipo: '新規公開株',
  strategy: 'ファンド',
  trust: '投資信託',
  other: 'その他',
};

/** One column per funds-record line type, in RECORD_LINE_TYPES' order. */
const LINE_JA: Record<(typeof RECORD_LINE_TYPES)[number], string> = {
  principal: '元本',
  reserve: '拘束',
  pnl: '損益',
  fee: '手数料',
  interest: '金利',
  tax: '税金',
  dividend: '配当',
  shortfall: '不足金',
  loan: '借入',
  grant: '付与',
  transfer: '入出金',
  fx: '両替',
  trust: '投資信託',
  other: 'その他',
};

/** An instant as ISO 8601 in Tokyo time: `2026-11-24T09:05:00+09:00`. */
export function tokyoIso(ms: number): string {
  const time = new Date(ms + JST_OFFSET_MS).toISOString().slice(11, 19);
  return `${jstDate(ms)}T${time}+09:00`;
}

/** A price in its scale as a plain decimal: (23455, 10) → "2345.5". */
export function price(scaled: number, priceScale: number): string {
  return formatDecimal(scaled, scaleDecimals(priceScale));
}

/**
 * Free text (an instrument's name, a comment). A cell that begins with = + - @ or a tab is read as
 * a formula by spreadsheets (OWASP "CSV Injection"): it is prefixed with an apostrophe, as OWASP
 * advises. Numbers never pass through here.
 */
export function text(value: string | null | undefined): string {
  const s = value ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

const int = (n: number) => String(n);
const accountCell = (a: AccountType | null) => (a ? ACCOUNT_JA[a] : '');

// --- trades (取引報告書 per execution) -------------------------------------------------------------

export const TRADES_HEADER: readonly string[] = [
  '約定日時', '受渡日', '取引区分', '口座区分', '銘柄コード', '銘柄名', '数量', '約定単価', '約定金額',
  '手数料', '消費税', '金利・貸株料', '信託財産留保額', '譲渡益税', '受渡金額', '書面番号',
];

/** One execution; `documentNumber` is its 取引報告書's number, null while none is issued. */
export function tradeRow(e: Execution, documentNumber: string | null): CsvRow {
  return [
    tokyoIso(e.executedAt), e.settlesOn, EXECUTION_KIND_JA[e.kind], accountCell(e.account), text(e.code), text(e.nameJa),
    int(e.quantity), price(e.unitPrice, e.priceScale), int(e.contractValue), int(e.fee), int(e.consumptionTax),
    int(e.interest + e.borrowFee), int(e.retention), int(e.taxWithheld), int(e.net), documentNumber ?? '',
  ];
}

// --- records (funds/records) ---------------------------------------------------------------------

export const RECORDS_HEADER: readonly string[] = [
  '日時', '種別', '区分', '銘柄コード', '銘柄名', '通貨', '金額', ...RECORD_LINE_TYPES.map((t) => LINE_JA[t]), '口座区分', 'ID',
];

/** An amount of a record's currency: yen as an integer, a currency with cents as a plain decimal. */
function money(amount: number, currency: string): string {
  return formatDecimal(amount, isCurrency(currency) ? currencyDecimals(currency) : 0);
}

/** One ledger record as funds/records explains it: its lines, each in its own column (0 when absent). */
export function recordRow(r: FundsRecord): CsvRow {
  const lines = RECORD_LINE_TYPES.map((t) => money(r.lines.filter((l) => l.type === t).reduce((s, l) => s + l.amount, 0), r.currency));
  return [
    tokyoIso(r.createdAt), ENTRY_KINDS[r.kind].ja, RECORD_TYPE_JA[r.type], text(r.code), text(r.nameJa), r.currency,
    money(r.amount, r.currency), ...lines, accountCell(r.account), r.id,
  ];
}

// --- dividends -----------------------------------------------------------------------------------

export const DIVIDENDS_HEADER: readonly string[] = [
  '支払日', '種別', '口座区分', '銘柄コード', '銘柄名', '数量', '1株あたり', '配当金額（税引前）', '源泉徴収税額', '受取金額',
];

/** One dividend (配当金) or trust distribution (分配金: 1株あたり is per 10,000口, as the fund states it). */
export function dividendRow(d: DividendLine): CsvRow {
  return [
    d.paidOn, d.kind === 'stock' ? '配当金' : '分配金', accountCell(d.account), text(d.code), text(d.nameJa),
    int(d.quantity), price(d.perShare, d.priceScale), int(d.gross), int(d.taxWithheld), int(d.net),
  ];
}

// --- pnl (譲渡損益 by 受渡日's year) ---------------------------------------------------------------

export const PNL_HEADER: readonly string[] = [
  '約定日', '受渡日', '取引区分', '口座区分', '銘柄コード', '銘柄名', '数量', '譲渡の対価', '取得費等', '譲渡損益', '源泉徴収税額',
];

export const isSell = (kind: ExecutionKind) => SELL_KINDS.includes(kind);

/** A sale's figures: 譲渡の対価 (proceeds, the caller's: see exports.ts), 取得費等 = proceeds − gain. */
export interface PnlLine {
  proceeds: number;
  gain: number;
  taxWithheld: number;
}

export function pnlRow(e: Execution, proceeds: number): CsvRow {
  const gain = e.gain ?? 0;
  return [
    e.tradeDate, e.settlesOn, EXECUTION_KIND_JA[e.kind], accountCell(e.account), text(e.code), text(e.nameJa),
    int(e.quantity), int(proceeds), int(proceeds - gain), int(gain), int(e.taxWithheld),
  ];
}

/** The last row: 合計 of the money columns. */
export function pnlTotalRow(lines: readonly PnlLine[]): CsvRow {
  const sum = (f: (l: PnlLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  const proceeds = sum((l) => l.proceeds);
  const gain = sum((l) => l.gain);
  return ['合計', '', '', '', '', '', '', int(proceeds), int(proceeds - gain), int(gain), int(sum((l) => l.taxWithheld))];
}

// --- Ghostfolio ----------------------------------------------------------------------------------

/*
 * Ghostfolio's CSV import (github.com/ghostfolio/ghostfolio): the client's ImportActivitiesService
 * (apps/client/src/app/services/import-activities.service.ts) reads each column by its lower-cased
 * name — date, symbol, datasource, currency, unitprice, quantity, type, fee, comment are among the
 * names it accepts — into a CreateOrderDto (apps/api/src/app/order/create-order.dto.ts): currency an
 * ISO code, date ISO 8601 after 1970, fee, quantity and unitPrice numbers ≥ 0, type BUY | SELL |
 * DIVIDEND | …, dataSource a DataSource (YAHOO, MANUAL, …). The header uses the DTO's own names.
 */
export const GHOSTFOLIO_HEADER: readonly string[] = ['date', 'symbol', 'dataSource', 'currency', 'unitPrice', 'quantity', 'type', 'fee', 'comment'];

const BUY_KINDS: readonly ExecutionKind[] = ['cash_buy', 'margin_open_buy', 'margin_close_buy', 'ipo_allotment', 'block_buy', 'trust_buy'];

/** A TSE stock is Yahoo's `<code>.T`; a fund (no public quote) is a MANUAL asset under its code. */
function ghostfolioAsset(kind: 'stock' | 'trust', code: string): [symbol: string, dataSource: string] {
  return kind === 'stock' ? [`${code}.T`, 'YAHOO'] : [code, 'MANUAL'];
}

const isTrust = (e: Execution) => e.kind === 'trust_buy' || e.kind === 'trust_sell';

/**
 * A buy or sell. unitPrice is per share (a fund: per 口, the NAV ÷ 10,000); fee is every cost of
 * the execution (手数料, 金利, 貸株料, 信託財産留保額), so quantity × unitPrice + fee is what it cost or
 * − fee what it brought before tax; the tax withheld is in the comment (Ghostfolio has no tax field).
 */
export function ghostfolioTradeRow(e: Execution): CsvRow {
  const [symbol, dataSource] = ghostfolioAsset(isTrust(e) ? 'trust' : 'stock', e.code);
  const comment = [`Kabuto ${EXECUTION_KIND_JA[e.kind]}`, e.nameJa, e.account ? ACCOUNT_JA[e.account] : '', e.taxWithheld ? `譲渡益税 ${e.taxWithheld}円` : '']
    .filter(Boolean)
    .join(' / ');
  return [
    tokyoIso(e.executedAt), text(symbol), dataSource, 'JPY', price(e.unitPrice, e.priceScale * e.perUnits), int(e.quantity),
    BUY_KINDS.includes(e.kind) ? 'BUY' : 'SELL', int(e.fee + e.interest + e.borrowFee + e.retention), text(comment),
  ];
}

/** A dividend or distribution: gross per share (a fund: per 口) × quantity; the tax withheld in the comment. */
export function ghostfolioDividendRow(d: DividendLine): CsvRow {
  const [symbol, dataSource] = ghostfolioAsset(d.kind, d.code);
  const perUnit = d.kind === 'trust' ? 10_000 : 1;
  const comment = [`Kabuto ${d.kind === 'stock' ? '配当金' : '分配金'}`, d.nameJa, d.account ? ACCOUNT_JA[d.account] : '', `源泉徴収税額 ${d.taxWithheld}円`]
    .filter(Boolean)
    .join(' / ');
  return [tokyoIso(d.paidAt), text(symbol), dataSource, 'JPY', price(d.perShare, d.priceScale * perUnit), int(d.quantity), 'DIVIDEND', '0', text(comment)];
}

// --- bytes ---------------------------------------------------------------------------------------

const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/**
 * Characters Unicode and Windows-31J (what Excel and iconv-lite's Shift_JIS table read) map
 * differently: 〜 − — ‖ ¢ £ ¬ have a CP932 twin (～ － ― ∥ ￠ ￡ ￢) that shows the same, so they
 * are written as it. Anything else Shift_JIS lacks (𠮷, emoji, €) becomes one `?` per character,
 * iconv-lite's replacement: a single byte, so the bytes around it and the row stay intact.
 */
const CP932_TWIN: Record<string, string> = {
  '\u301c': '\uff5e', '\u2212': '\uff0d', '\u2014': '\u2015', '\u2016': '\u2225', '\u00a2': '\uffe0', '\u00a3': '\uffe1', '\u00ac': '\uffe2',
};
const TWIN_RE = new RegExp(`[${Object.keys(CP932_TWIN).join('')}]`, 'g');

export function toShiftJis(s: string): Uint8Array {
  return iconv.encode(s.replace(TWIN_RE, (c) => CP932_TWIN[c]!), 'Shift_JIS');
}

/** The Content-Type charset of an encoding. */
export const CHARSET: Record<ExportEncoding, string> = { utf8: 'utf-8', sjis: 'Shift_JIS' };

/**
 * Rows to bytes, a page at a time: RFC 4180 (CRLF between records, quotes around a cell with a
 * comma, a quote or a line break — a bare LF too, which csv-stringify leaves unquoted under a CRLF
 * delimiter unless told). UTF-8 begins with a BOM so Excel reads it as UTF-8.
 */
export class CsvEncoder {
  constructor(readonly encoding: ExportEncoding) {}

  header(columns: readonly string[]): Uint8Array {
    const bytes = this.rows([[...columns]]);
    if (this.encoding === 'sjis') return bytes;
    const out = new Uint8Array(UTF8_BOM.length + bytes.length);
    out.set(UTF8_BOM, 0);
    out.set(bytes, UTF8_BOM.length);
    return out;
  }

  rows(rows: readonly CsvRow[]): Uint8Array {
    const csv = stringify(rows as CsvRow[], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
    return this.encoding === 'sjis' ? toShiftJis(csv) : new TextEncoder().encode(csv);
  }
}
