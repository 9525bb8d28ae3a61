/**
 * The documents' layouts (src/server/modules/documents/layout.ts): what each document says, field
 * by field, for a cash buy, a margin close with interest and tax, a trust 解約 with 信託財産留保額,
 * a sale that refunds tax, a 取引残高報告書 and the 特定口座年間取引報告書's rows in the National
 * Tax Agency's order (docs/domain.md "Documents and exports"). Pure: no database, no PDF.
 */
import { describe, expect, it } from 'vitest';
import type { DocModel, DocSection } from '../../src/server/modules/documents/facts';
import {
  annualReportModel,
  balanceReportModel,
  contractNoteModel,
  documentNumber,
  NO_ADDRESS,
  PREVIEW_BANNER,
  SIMULATED_BANNER,
} from '../../src/server/modules/documents/layout';

import { annual, balance, cashBuy, ctx, customer, marginClose, refundSell, trustSell } from '../support/document-fixtures';
/** The label → value of every fields section, in order. */
function fields(m: DocModel): [string, string][] {
  return m.sections.flatMap((s) => (s.type === 'fields' ? s.rows.map((r) => [r.label, r.value] as [string, string]) : []));
}

function field(m: DocModel, label: string): string | undefined {
  return fields(m).find(([l]) => l === label)?.[1];
}

function table(m: DocModel, heading: string): Extract<DocSection, { type: 'table' }> {
  const t = m.sections.find((s): s is Extract<DocSection, { type: 'table' }> => s.type === 'table' && s.heading === heading);
  if (!t) throw new Error(`no table ${heading}`);
  return t;
}

describe('documentNumber', () => {
  it('is KB- and the id’s last 10 characters without dashes, upper case', () => {
    expect(documentNumber('0b6f3c1e-7a2d-4e59-9c1b-2f8d6a4e1c3b')).toBe('KB-8D6A4E1C3B');
    expect(documentNumber('abc')).toBe('KB-ABC');
  });
});

describe('取引報告書', () => {
  it('states a cash buy field by field, in yen, with what is paid on the 受渡日', () => {
    const m = contractNoteModel(cashBuy, ctx);
    expect(m.kind).toBe('contract_note');
    expect([m.title, m.subtitle]).toEqual(['取引報告書', '契約締結時交付書面']);
    expect(fields(m)).toEqual([
      ['約定日時', '2026年3月5日 10:23'],
      ['受渡日', '2026年3月9日'],
      ['銘柄', '7203 トヨタ自動車'],
      ['取引区分', '現物買'],
      ['口座区分', '特定口座'],
      ['数量', '100株'],
      ['約定単価', '2,845.5円'],
      ['約定金額', '284,550円'],
      ['手数料（税込）', '385円'],
      ['（うち消費税）', '35円'],
      ['受渡金額', '284,935円（お支払）'],
    ]);
    expect(m.meta).toEqual([
      { label: '書面番号', value: 'KB-8D6A4E1C3B' },
      { label: '作成日', value: '2026年3月5日' },
      { label: 'お客様番号', value: '6A4E1C3B' },
      { label: 'お客様名', value: '山田 太郎 様' },
    ]);
    expect(m.banners).toEqual([SIMULATED_BANNER]);
    expect(m.footer[0]).toBe('発行者: Kabuto（シミュレーション）');
    expect(m.footer[1]).toBe('運営者の住所: 東京都中央区日本橋兜町2-1 Kabuto ビル 5階');
    const notes = m.sections.find((s) => s.type === 'text');
    expect(notes?.type === 'text' && notes.lines[0]).toBe('本書面は金融商品取引法第37条の4に基づく契約締結時交付書面です。');
  });

  it('shows a margin close’s interest, 譲渡損益 and the tax withheld; a correction says what it corrects, first', () => {
    const m = contractNoteModel(marginClose, { ...ctx, corrects: { number: 'KB-0000000001', reason: '金利の計算誤り' } });
    expect(field(m, '取引区分')).toBe('信用返済売');
    expect(field(m, '約定単価')).toBe('3,500円');
    expect(fields(m).slice(7).map(([l, v]) => `${l}=${v}`)).toEqual([
      '約定金額=1,050,000円',
      '手数料（税込）=1,100円',
      '（うち消費税）=100円',
      '金利=2,345円',
      '譲渡損益=96,555円',
      '譲渡益税（源泉徴収）=19,614円',
      '受渡金額=76,941円（お受取）',
    ]);
    expect(field(m, '貸株料')).toBeUndefined();
    expect(m.banners).toEqual(['訂正: 書面番号 KB-0000000001 を訂正します（理由: 金利の計算誤り）', SIMULATED_BANNER]);
    expect(m.meta.at(-1)).toEqual({ label: '訂正対象', value: 'KB-0000000001' });
  });

  it('shows a short’s 貸株料 and a margin opening’s 受渡金額 as settled at the close', () => {
    const short = contractNoteModel({ ...marginClose, kind: 'margin_close_buy', interest: 0, borrowFee: 830 }, ctx);
    expect(field(short, '貸株料')).toBe('830円');
    expect(field(short, '金利')).toBeUndefined();
    const open = contractNoteModel({ ...cashBuy, kind: 'margin_open_buy', net: 0, fee: 0, consumptionTax: 0 }, ctx);
    expect(field(open, '受渡金額')).toBe('0円（建玉の返済時に精算します）');
    expect(field(open, '譲渡損益')).toBeUndefined();
  });

  it('shows a trust 解約 in units with the NAV per 1万口 and the 信託財産留保額; no address → the footer says so', () => {
    const m = contractNoteModel(trustSell, { ...ctx, operatorAddress: '', simulated: false });
    expect(field(m, '取引区分')).toBe('投資信託 解約');
    expect(field(m, '数量')).toBe('1,234,567口');
    expect(field(m, '約定単価')).toBe('23,456円（基準価額・1万口あたり）');
    expect(field(m, '約定金額')).toBe('2,895,800円');
    expect(field(m, '手数料（税込）')).toBe('0円');
    expect(field(m, '信託財産留保額')).toBe('8,687円');
    expect(field(m, '譲渡損益')).toBe('287,113円');
    expect(field(m, '譲渡益税（源泉徴収）')).toBe('58,326円');
    expect(field(m, '受渡金額')).toBe('2,828,787円（お受取）');
    expect(m.banners).toEqual([]);
    expect(m.footer).toEqual(['発行者: Kabuto（シミュレーション）', NO_ADDRESS]);
  });

  it('shows a loss’s refund as 還付 with a minus 譲渡損益; a NISA sale is tax-free; no name → no お客様名', () => {
    const m = contractNoteModel(refundSell, { ...ctx, customer: { ...customer, name: null } });
    expect(field(m, '譲渡損益')).toBe('\u221235,320円');
    expect(field(m, '譲渡益税（源泉徴収）')).toBe('還付 7,174円');
    expect(field(m, '受渡金額')).toBe('256,789円（お受取）');
    expect(m.meta.map((r) => r.label)).toEqual(['書面番号', '作成日', 'お客様番号']);
    const nisa = contractNoteModel({ ...refundSell, account: 'nisa_growth', taxWithheld: 0 }, ctx);
    expect(field(nisa, '口座区分')).toBe('NISA 成長投資枠');
    expect(field(nisa, '譲渡益税（源泉徴収）')).toBe('0円（非課税）');
  });
});

describe('取引残高報告書', () => {
  it('lists the period’s trades, cash, securities, trusts and margin positions', () => {
    const m = balanceReportModel(balance, ctx);
    expect(m.subtitle).toBe('対象期間: 2026年1月1日 〜 2026年3月31日');
    expect(field(m, '残高の基準日時')).toBe('2026年3月31日 23:59');
    expect(m.sections.filter((s) => s.type === 'table').map((s) => s.heading)).toEqual(['期間中のお取引', 'お預り金', 'お預り証券（現物）', '投資信託', '信用建玉']);
    const trades = table(m, '期間中のお取引');
    expect(trades.columns.map((c) => c.label)).toEqual(['約定日', '取引区分', '銘柄', '数量', '単価', '受渡金額']);
    expect(trades.rows[0]).toEqual(['2026/03/05', '現物買', '7203 トヨタ自動車', '100株', '2,845.5円', '\u2212284,935円']);
    expect(table(m, 'お預り金').rows).toEqual([
      ['円', '3,456,789円', '0円', '120,000円'],
      ['USDT', '1,234.56 USDT', '0.00 USDT', '0.00 USDT'],
    ]);
    expect(table(m, 'お預り証券（現物）').rows[1]).toEqual(['8306 三菱ＵＦＪフィナンシャル・グループ', 'NISA 成長投資枠', '1,000株', '1,782.5円', '1,782,500円']);
    expect(table(m, '投資信託').rows[0]).toEqual(['0331418A カブト・全世界株式インデックス・ファンド', 'NISA つみたて投資枠', '1,234,567口', '23,456円', '2,895,800円']);
    expect(table(m, '信用建玉').rows[0]).toEqual(['9984 ソフトバンクグループ', '売建', '200株', '2026/03/05', '9,123円', '8,900円', '+44,600円']);
    for (const s of m.sections) if (s.type === 'table') expect(s.columns.reduce((a, c) => a + c.width, 0)).toBeCloseTo(1, 5);
  });

  it('says 該当なし for an empty table', () => {
    const m = balanceReportModel({ ...balance, executions: [], securities: [], trusts: [], margin: [] }, ctx);
    for (const h of ['期間中のお取引', 'お預り証券（現物）', '投資信託', '信用建玉']) expect(table(m, h)).toMatchObject({ rows: [], empty: '該当なし' });
  });
});

describe('特定口座年間取引報告書', () => {
  it('gives ①–④ with 所得税 and 住民税 apart, then 配当等, in the National Tax Agency’s order', () => {
    const m = annualReportModel(annual, ctx);
    expect([m.title, m.subtitle]).toEqual(['特定口座年間取引報告書', '2026年分']);
    expect(field(m, '源泉徴収の有無')).toBe('あり');
    const rows = fields(m).slice(3);
    expect(rows).toEqual([
      ['① 譲渡の対価の額（収入金額）', '4,187,113円'],
      ['② 取得費及び譲渡に要した費用の額等', '3,838,765円'],
      ['③ 差引金額（譲渡所得等の金額）', '348,348円'],
      ['④ 源泉徴収税額', '70,766円'],
      ['　所得税（復興特別所得税を含む）', '53,349円'],
      ['　住民税', '17,417円'],
      ['配当等の額', '4,500円'],
      ['　所得税（復興特別所得税を含む）', '689円'],
      ['　住民税', '225円'],
    ]);
    const kinds = m.sections.map((s) => (s.type === 'table' ? `table:${s.heading}` : s.type));
    expect(kinds.indexOf('table:譲渡の明細')).toBeLessThan(kinds.indexOf('table:配当等の明細'));
    expect(kinds.indexOf('table:譲渡の明細')).toBeGreaterThan(2);
    expect(table(m, '譲渡の明細').rows[2]).toEqual(['2026/11/20\n2026/11/24', '7203 トヨタ自動車', '現物売', '100株', '250,000円', '285,320円', '\u221235,320円']);
    expect(table(m, '配当等の明細').rows).toEqual([['2026/06/25', '配当金', '7203 トヨタ自動車', '4,500円', '689円', '225円']]);
    expect(m.banners).toEqual([SIMULATED_BANNER]);
  });

  it('marks a preview and an account without withholding', () => {
    const m = annualReportModel({ ...annual, preview: true, withholding: false, sales: [], dividends: [] }, ctx);
    expect(m.banners).toEqual([PREVIEW_BANNER, SIMULATED_BANNER]);
    expect(PREVIEW_BANNER).toBe('プレビュー（確定前）— 年の途中の集計です。確定版は翌年1月に交付します。');
    expect(field(m, '源泉徴収の有無')).toBe('なし');
    expect(table(m, '譲渡の明細')).toMatchObject({ rows: [], empty: '該当なし' });
  });
});
