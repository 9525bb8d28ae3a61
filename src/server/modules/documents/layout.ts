/**
 * The documents' layouts (docs/domain.md "Documents and exports"): a 取引報告書, a 取引残高報告書 and a
 * 特定口座年間取引報告書 as a DocModel (facts.ts) that pdf.ts draws. Pure: no I/O, no clock — the
 * instant a document is made comes in its DocContext. Every string is final Japanese text; amounts
 * are whole yen written 1,234,567円 with U+2212 for a negative (shared/money's formatting).
 */
import { isNisa } from '../../../shared/domain/account-type';
import { ACCOUNT_JA, EXECUTION_KIND_JA, SELL_KINDS, type ExecutionKind } from '../../../shared/domain/documents';
import { jstDate, type IsoDate } from '../../../shared/market';
import { formatInt, formatMoney, formatTickPrice, formatTime, NONE } from '../../../shared/money';
import type { AnnualFacts, BalanceFacts, Customer, DocModel, DocSection, Execution } from './facts';

/** What a document knows beyond its facts: its number, when it is made, for whom, and by whom. */
export interface DocContext {
  /** documentNumber(id). */
  number: string;
  /** When the document is made (ms): its 作成日. */
  issuedAt: number;
  customer: Customer;
  /** '' when unset: the footer says so. */
  operatorAddress: string;
  /** True while the market source is the simulator: a banner says the trades are not real. */
  simulated: boolean;
  /** A reissue: the number of the document it corrects and why. */
  corrects?: { number: string; reason: string };
}

export const ISSUER = 'Kabuto（シミュレーション）';
export const SIMULATED_BANNER = 'シミュレーション市場の取引です（実際の取引ではありません）';
export const PREVIEW_BANNER = 'プレビュー（確定前）— 年の途中の集計です。確定版は翌年1月に交付します。';
export const NO_ADDRESS = '運営者の住所は未設定です（KABUTO_OPERATOR_ADDRESS）';
export const EMPTY = '該当なし';

/** 書面番号: `KB-` and the id's last 10 characters without dashes, upper case. */
export function documentNumber(id: string): string {
  return `KB-${id.replaceAll('-', '').slice(-10).toUpperCase()}`;
}

// --- formatting ---------------------------------------------------------------------------------

/** 1234567 → "1,234,567円", −5 → "−5円". */
export function yen(n: number): string {
  return `${formatInt(n)}円`;
}

/** "2026-03-05" → "2026年3月5日". */
export function jaDate(d: IsoDate): string {
  const [y, m, day] = d.split('-').map(Number);
  return `${y}年${m}月${day}日`;
}

/** "2026-03-05" → "2026/03/05": a table's date, short enough for a narrow column. */
function tableDate(d: IsoDate): string {
  return d.replaceAll('-', '/');
}

/** An instant in Tokyo: "2026年3月5日 10:23". */
export function jaDateTime(ms: number): string {
  return `${jaDate(jstDate(ms))} ${formatTime(ms)}`;
}

/** Shares, or units (口) of a trust. */
function quantityText(e: { kind: ExecutionKind; quantity: number }): string {
  return `${formatInt(e.quantity)}${isTrust(e.kind) ? '口' : '株'}`;
}

function isTrust(kind: ExecutionKind): boolean {
  return kind === 'trust_buy' || kind === 'trust_sell';
}

/** A price in its scale, decimals only where the tick has them: "2,345.5円". */
function priceYen(price: number, priceScale: number): string {
  return `${formatTickPrice(price, priceScale)}円`;
}

/** 一万口 for a trust's NAV (perUnits 10,000), else the count. */
function perUnitsText(perUnits: number): string {
  return perUnits === 10_000 ? '1万口' : `${formatInt(perUnits)}口`;
}

/** Cash of a currency: yen as 1,234円; another currency in its minor unit with its code. */
function cashText(minor: number, currency: string): string {
  return currency === 'JPY' ? yen(minor) : `${formatMoney(minor, currency, { symbol: false })} ${currency}`;
}

// --- the parts every document has ---------------------------------------------------------------

function meta(ctx: DocContext): DocModel['meta'] {
  const rows = [
    { label: '書面番号', value: ctx.number },
    { label: '作成日', value: jaDate(jstDate(ctx.issuedAt)) },
    { label: 'お客様番号', value: ctx.customer.number },
  ];
  if (ctx.customer.name) rows.push({ label: 'お客様名', value: `${ctx.customer.name} 様` });
  if (ctx.corrects) rows.push({ label: '訂正対象', value: ctx.corrects.number });
  return rows;
}

/** The correction first (what the reader must know before reading on), then the others. */
function banners(ctx: DocContext, extra: string[] = []): string[] {
  const out: string[] = [];
  if (ctx.corrects) out.push(`訂正: 書面番号 ${ctx.corrects.number} を訂正します（理由: ${ctx.corrects.reason}）`);
  out.push(...extra);
  if (ctx.simulated) out.push(SIMULATED_BANNER);
  return out;
}

function footer(ctx: DocContext): string[] {
  const lines = [`発行者: ${ISSUER}`, ctx.operatorAddress ? `運営者の住所: ${ctx.operatorAddress}` : NO_ADDRESS];
  if (ctx.simulated) lines.push('本書面はシミュレーション市場の取引に基づくもので、実際の有価証券の取引・課税を示すものではありません。');
  return lines;
}

// --- 取引報告書 ---------------------------------------------------------------------------------

/** 取引報告書 (契約締結時交付書面) of one execution. */
export function contractNoteModel(e: Execution, ctx: DocContext): DocModel {
  return {
    kind: 'contract_note',
    title: '取引報告書',
    subtitle: '契約締結時交付書面',
    meta: meta(ctx),
    banners: banners(ctx),
    sections: [
      { type: 'fields', heading: '約定の内容', rows: tradeRows(e) },
      { type: 'fields', heading: '受渡金額の内訳', rows: amountRows(e) },
      {
        type: 'text',
        heading: null,
        lines: [
          '本書面は金融商品取引法第37条の4に基づく契約締結時交付書面です。',
          '手数料は消費税込みの金額です。受渡金額は受渡日にお客様の預り金で精算します。',
          '内容にご不明な点がございましたら、アプリのサポートチャットからお問い合わせください。',
        ],
      },
    ],
    footer: footer(ctx),
  };
}

function tradeRows(e: Execution): { label: string; value: string }[] {
  const price = isTrust(e.kind)
    ? `${yen(e.unitPrice)}（基準価額・${perUnitsText(e.perUnits)}あたり）`
    : priceYen(e.unitPrice, e.priceScale);
  return [
    { label: '約定日時', value: jaDateTime(e.executedAt) },
    { label: '受渡日', value: jaDate(e.settlesOn) },
    { label: '銘柄', value: `${e.code} ${e.nameJa}` },
    { label: '取引区分', value: EXECUTION_KIND_JA[e.kind] },
    { label: '口座区分', value: ACCOUNT_JA[e.account] },
    { label: '数量', value: quantityText(e) },
    { label: '約定単価', value: price },
  ];
}

function amountRows(e: Execution): { label: string; value: string }[] {
  const rows = [
    { label: '約定金額', value: yen(e.contractValue) },
    { label: '手数料（税込）', value: yen(e.fee) },
    { label: '（うち消費税）', value: yen(e.consumptionTax) },
  ];
  if (e.interest !== 0) rows.push({ label: '金利', value: yen(e.interest) });
  if (e.borrowFee !== 0) rows.push({ label: '貸株料', value: yen(e.borrowFee) });
  if (e.interestPaidBefore > 0) rows.push({ label: '　うち保有中にお支払い済み', value: `${yen(e.interestPaidBefore)}（受渡金額には含みません）` });
  if (e.retention !== 0) rows.push({ label: '信託財産留保額', value: yen(e.retention) });
  if (SELL_KINDS.includes(e.kind)) {
    rows.push({ label: '譲渡損益', value: e.gain === null ? NONE : yen(e.gain) });
    rows.push({ label: '譲渡益税（源泉徴収）', value: taxText(e) });
  }
  rows.push({ label: '受渡金額', value: netText(e) });
  return rows;
}

/** Withheld (+), refunded (−: 還付), or none; a NISA sale is tax-free. */
function taxText(e: Execution): string {
  if (e.taxWithheld > 0) return yen(e.taxWithheld);
  if (e.taxWithheld < 0) return `還付 ${yen(-e.taxWithheld)}`;
  return isNisa(e.account) ? '0円（非課税）' : yen(0);
}

/** What the customer receives or pays on the 受渡日; a margin opening settles at its close. */
function netText(e: Execution): string {
  if (e.net > 0) return `${yen(e.net)}（お受取）`;
  if (e.net < 0) return `${yen(-e.net)}（お支払）`;
  if (e.kind === 'margin_open_buy' || e.kind === 'margin_open_sell') return `${yen(0)}（建玉の返済時に精算します）`;
  return yen(0);
}

// --- 取引残高報告書 -----------------------------------------------------------------------------

/** 取引残高報告書: the period's trades and the balances at its end. */
export function balanceReportModel(f: BalanceFacts, ctx: DocContext): DocModel {
  const period = `${jaDate(f.from)} 〜 ${jaDate(f.to)}`;
  return {
    kind: 'balance_report',
    title: '取引残高報告書',
    subtitle: `対象期間: ${period}`,
    meta: meta(ctx),
    banners: banners(ctx),
    sections: [
      {
        type: 'fields',
        heading: null,
        rows: [
          { label: '対象期間', value: period },
          { label: '残高の基準日時', value: jaDateTime(f.asOf) },
        ],
      },
      tradesTable(f),
      cashTable(f),
      securitiesTable(f),
      trustsTable(f),
      marginTable(f),
      {
        type: 'text',
        heading: null,
        lines: [
          '受渡金額はお受取をプラス、お支払をマイナス（−）で表示しています。',
          '時価・基準価額は基準日時の直近の価格です。評価額・評価損益は参考値です。',
        ],
      },
    ],
    footer: footer(ctx),
  };
}

const col = (label: string, width: number, align: 'left' | 'right' = 'left') => ({ label, width, align });

function tradesTable(f: BalanceFacts): DocSection {
  return {
    type: 'table',
    heading: '期間中のお取引',
    columns: [col('約定日', 0.13), col('取引区分', 0.17), col('銘柄', 0.3), col('数量', 0.12, 'right'), col('単価', 0.12, 'right'), col('受渡金額', 0.16, 'right')],
    rows: f.executions.map((e) => [
      tableDate(e.tradeDate),
      EXECUTION_KIND_JA[e.kind],
      `${e.code} ${e.nameJa}`,
      quantityText(e),
      isTrust(e.kind) ? yen(e.unitPrice) : priceYen(e.unitPrice, e.priceScale),
      yen(e.net),
    ]),
    empty: EMPTY,
  };
}

function cashTable(f: BalanceFacts): DocSection {
  return {
    type: 'table',
    heading: 'お預り金',
    // The ledger's `margin` account is the principal in every position (cash holdings' cost too), not
    // a 信用保証金 balance: the holdings and 建玉 tables below state what it is in.
    columns: [col('通貨', 0.16), col('預り金', 0.28, 'right'), col('未受渡金', 0.28, 'right'), col('注文拘束金', 0.28, 'right')],
    rows: f.cash.map((c) => [
      c.currency === 'JPY' ? '円' : c.currency,
      cashText(c.cash, c.currency),
      cashText(c.unsettled, c.currency),
      cashText(c.frozen, c.currency),
    ]),
    empty: EMPTY,
  };
}

function securitiesTable(f: BalanceFacts): DocSection {
  return {
    type: 'table',
    heading: 'お預り証券（現物）',
    columns: [col('銘柄', 0.34), col('口座区分', 0.18), col('数量', 0.14, 'right'), col('時価', 0.15, 'right'), col('評価額', 0.19, 'right')],
    rows: f.securities.map((s) => [`${s.code} ${s.nameJa}`, ACCOUNT_JA[s.account], `${formatInt(s.quantity)}株`, priceYen(s.price, s.priceScale), yen(s.value)]),
    empty: EMPTY,
  };
}

function trustsTable(f: BalanceFacts): DocSection {
  return {
    type: 'table',
    heading: '投資信託',
    columns: [col('ファンド', 0.36), col('口座', 0.18), col('口数', 0.14, 'right'), col('基準価額', 0.14, 'right'), col('評価額', 0.18, 'right')],
    rows: f.trusts.map((t) => [`${t.code} ${t.nameJa}`, ACCOUNT_JA[t.account], `${formatInt(t.units)}口`, yen(t.nav), yen(t.value)]),
    empty: EMPTY,
  };
}

function marginTable(f: BalanceFacts): DocSection {
  return {
    type: 'table',
    heading: '信用建玉',
    columns: [
      col('銘柄', 0.25),
      col('売買', 0.08),
      col('数量', 0.1, 'right'),
      col('建日', 0.13),
      col('建単価', 0.13, 'right'),
      col('時価', 0.13, 'right'),
      col('評価損益', 0.18, 'right'),
    ],
    rows: f.margin.map((m) => [
      `${m.code} ${m.nameJa}`,
      m.side === 'buy' ? '買建' : '売建',
      `${formatInt(m.quantity)}株`,
      tableDate(m.openedOn),
      priceYen(m.openPrice, m.priceScale),
      priceYen(m.price, m.priceScale),
      signedYen(m.valuation),
    ]),
    empty: EMPTY,
  };
}

/** A gain with its sign: "+1,200円", "−300円", "0円". */
function signedYen(n: number): string {
  return n > 0 ? `+${yen(n)}` : yen(n);
}

// --- 特定口座年間取引報告書 ---------------------------------------------------------------------

/** The rows ①–④ and the dividends' rows, in the National Tax Agency's layout order. */
export const ANNUAL_LABELS = {
  proceeds: '① 譲渡の対価の額（収入金額）',
  cost: '② 取得費及び譲渡に要した費用の額等',
  gain: '③ 差引金額（譲渡所得等の金額）',
  withheld: '④ 源泉徴収税額',
  national: '　所得税（復興特別所得税を含む）',
  local: '　住民税',
  dividendGross: '配当等の額',
  dividendNational: '　所得税（復興特別所得税を含む）',
  dividendLocal: '　住民税',
} as const;

/** 特定口座年間取引報告書 of a year (or the current year's preview). */
export function annualReportModel(f: AnnualFacts, ctx: DocContext): DocModel {
  const t = f.totals;
  return {
    kind: 'annual_report',
    title: '特定口座年間取引報告書',
    subtitle: `${f.year}年分`,
    meta: meta(ctx),
    banners: banners(ctx, f.preview ? [PREVIEW_BANNER] : []),
    sections: [
      {
        type: 'fields',
        heading: null,
        rows: [
          { label: '対象期間', value: `${f.year}年1月1日 〜 ${f.year}年12月31日（受渡日による）` },
          { label: '口座の種類', value: '特定口座' },
          { label: '源泉徴収の有無', value: f.withholding ? 'あり' : 'なし' },
        ],
      },
      {
        type: 'fields',
        heading: '譲渡に係る年間取引損益及び源泉徴収税額等',
        rows: [
          { label: ANNUAL_LABELS.proceeds, value: yen(t.proceeds) },
          { label: ANNUAL_LABELS.cost, value: yen(t.cost) },
          { label: ANNUAL_LABELS.gain, value: yen(t.gain) },
          { label: ANNUAL_LABELS.withheld, value: yen(t.withheld) },
          { label: ANNUAL_LABELS.national, value: yen(t.national) },
          { label: ANNUAL_LABELS.local, value: yen(t.local) },
        ],
      },
      {
        type: 'fields',
        heading: '配当等の額及び源泉徴収税額等',
        rows: [
          { label: ANNUAL_LABELS.dividendGross, value: yen(t.dividendGross) },
          { label: ANNUAL_LABELS.dividendNational, value: yen(t.dividendNational) },
          { label: ANNUAL_LABELS.dividendLocal, value: yen(t.dividendLocal) },
        ],
      },
      salesTable(f),
      dividendsTable(f),
      {
        type: 'text',
        heading: null,
        lines: [
          '③ 差引金額 = ① 譲渡の対価の額 − ② 取得費及び譲渡に要した費用の額等（手数料・金利を含みます）。',
          '譲渡の年は受渡日の属する年です。NISA・一般口座のお取引は含みません。',
        ],
      },
    ],
    footer: footer(ctx),
  };
}

function salesTable(f: AnnualFacts): DocSection {
  return {
    type: 'table',
    heading: '譲渡の明細',
    columns: [
      col('約定日／受渡日', 0.13),
      col('銘柄', 0.23),
      col('取引区分', 0.13),
      col('数量', 0.12, 'right'),
      col('譲渡の対価の額', 0.13, 'right'),
      col('取得費等', 0.13, 'right'),
      col('差引金額', 0.13, 'right'),
    ],
    // Both dates in one cell, one under the other: eight columns do not fit A4's width in 8 pt.
    rows: f.sales.map((s) => [
      `${tableDate(s.tradeDate)}\n${tableDate(s.settlesOn)}`,
      `${s.code} ${s.nameJa}`,
      EXECUTION_KIND_JA[s.kind],
      quantityText(s),
      yen(s.proceeds),
      yen(s.cost),
      yen(s.gain),
    ]),
    empty: EMPTY,
  };
}

function dividendsTable(f: AnnualFacts): DocSection {
  return {
    type: 'table',
    heading: '配当等の明細',
    columns: [col('支払日', 0.13), col('種類', 0.1), col('銘柄', 0.33), col('配当等の額', 0.16, 'right'), col('所得税', 0.14, 'right'), col('住民税', 0.14, 'right')],
    rows: f.dividends.map((d) => [tableDate(d.paidOn), d.kind === 'stock' ? '配当金' : '分配金', `${d.code} ${d.nameJa}`, yen(d.gross), yen(d.national), yen(d.local)]),
    empty: EMPTY,
  };
}
