/**
 * The documents' PDFs (src/server/modules/documents/pdf.ts) read back with poppler-utils, as a
 * customer's PDF viewer would: the Japanese labels and the amounts are text (the font embedded as
 * a subset, every glyph present), a long table continues on the next page under its header, and a
 * 取引報告書 stays under 100 KB (docs/domain.md "Documents and exports").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnnualFacts, BalanceFacts, Customer, DocModel, Execution } from '../../src/server/modules/documents/facts';
import { annualReportModel, balanceReportModel, contractNoteModel, type DocContext } from '../../src/server/modules/documents/layout';
import { PdfRenderer, resolveFont } from '../../src/server/modules/documents/pdf';

function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const poppler = hasPoppler();
if (!poppler) console.warn('document-pdf.test: pdftotext (poppler-utils) is not installed — the PDF tests are skipped. apt-get install poppler-utils');

const customer: Customer = { userId: '0b6f3c1e-7a2d-4e59-9c1b-2f8d6a4e1c3b', number: '6A4E1C3B', name: '山田 太郎' };
const at = (iso: string) => Date.parse(iso);

const ctx: DocContext = {
  number: 'KB-8D6A4E1C3B',
  issuedAt: at('2026-03-05T06:00:00Z'),
  customer,
  operatorAddress: '東京都中央区日本橋兜町2-1 Kabuto ビル 5階',
  simulated: true,
};

const base = {
  userId: customer.userId, account: 'specific' as const, code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor',
  priceScale: 10, perUnits: 1, interest: 0, borrowFee: 0, interestPaidBefore: 0, retention: 0, taxWithheld: 0, refId: 'p1',
};

const cashBuy: Execution = {
  ...base, sourceKey: 'entry:e1', kind: 'cash_buy', executedAt: at('2026-03-05T01:23:45Z'), tradeDate: '2026-03-05', settlesOn: '2026-03-09',
  quantity: 100, unitPrice: 28455, contractValue: 284_550, fee: 385, consumptionTax: 35, gain: null, cost: null, net: -284_935,
};

const marginClose: Execution = {
  ...base, sourceKey: 'entry:e2', kind: 'margin_close_sell', code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group',
  executedAt: at('2026-06-10T05:10:00Z'), tradeDate: '2026-06-10', settlesOn: '2026-06-12',
  quantity: 300, unitPrice: 35000, contractValue: 1_050_000, fee: 1_100, consumptionTax: 100, interest: 2_345,
  gain: 96_555, cost: 950_000, taxWithheld: 19_614, net: 96_555 - 19_614,
};

const trustSell: Execution = {
  ...base, sourceKey: 'trust:t1', kind: 'trust_sell', code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド',
  nameEn: 'Kabuto All-World Equity Index', executedAt: at('2026-09-01T06:00:00Z'), tradeDate: '2026-09-01', settlesOn: '2026-09-04',
  quantity: 1_234_567, unitPrice: 23_456, priceScale: 1, perUnits: 10_000, contractValue: 2_895_800, fee: 0, consumptionTax: 0,
  retention: 8_687, gain: 287_113, cost: 2_600_000, taxWithheld: 58_326, net: 2_895_800 - 8_687 - 58_326,
};

const refundSell: Execution = {
  ...base, sourceKey: 'entry:e4', kind: 'cash_sell', executedAt: at('2026-11-20T02:00:00Z'), tradeDate: '2026-11-20', settlesOn: '2026-11-24',
  quantity: 100, unitPrice: 25000, contractValue: 250_000, fee: 385, consumptionTax: 35, gain: -35_320, cost: 284_935, taxWithheld: -7_174,
  net: 250_000 - 385 + 7_174,
};

const balance: BalanceFacts = {
  customer, from: '2026-01-01', to: '2026-03-31', asOf: at('2026-03-31T14:59:59Z'),
  executions: [cashBuy, { ...cashBuy, sourceKey: 'entry:e5', kind: 'margin_open_sell', code: '9984', nameJa: 'ソフトバンクグループ', quantity: 200, unitPrice: 91230, contractValue: 1_824_600, net: 0, fee: 0, consumptionTax: 0 }],
  cash: [{ currency: 'JPY', cash: 3_456_789, unsettled: 0, frozen: 120_000, margin: 1_000_000 }, { currency: 'USDT', cash: 123_456, unsettled: 0, frozen: 0, margin: 0 }],
  securities: [{ code: '7203', nameJa: 'トヨタ自動車', account: 'specific', quantity: 100, price: 29000, priceScale: 10, value: 290_000 },
    { code: '8306', nameJa: '三菱ＵＦＪフィナンシャル・グループ', account: 'nisa_growth', quantity: 1_000, price: 17825, priceScale: 10, value: 1_782_500 }],
  trusts: [{ code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド', account: 'nisa_tsumitate', units: 1_234_567, nav: 23_456, navDate: '2026-03-31', value: 2_895_800 }],
  margin: [{ code: '9984', nameJa: 'ソフトバンクグループ', side: 'sell', quantity: 200, openedOn: '2026-03-05', openPrice: 91230, price: 89000, priceScale: 10, contractValue: 1_824_600, valuation: 44_600 }],
};

const annual: AnnualFacts = {
  customer, year: 2026, withholding: true, preview: false,
  sales: [
    { sourceKey: 'entry:e2', tradeDate: '2026-06-10', settlesOn: '2026-06-12', kind: 'margin_close_sell', code: '6758', nameJa: 'ソニーグループ', quantity: 300, proceeds: 1_050_000, cost: 953_445, gain: 96_555, taxWithheld: 19_614 },
    { sourceKey: 'trust:t1', tradeDate: '2026-09-01', settlesOn: '2026-09-04', kind: 'trust_sell', code: '0331418A', nameJa: 'カブト・全世界株式インデックス・ファンド', quantity: 1_234_567, proceeds: 2_887_113, cost: 2_600_000, gain: 287_113, taxWithheld: 58_326 },
    { sourceKey: 'entry:e4', tradeDate: '2026-11-20', settlesOn: '2026-11-24', kind: 'cash_sell', code: '7203', nameJa: 'トヨタ自動車', quantity: 100, proceeds: 250_000, cost: 285_320, gain: -35_320, taxWithheld: -7_174 },
  ],
  dividends: [{ sourceKey: 'entry:d1', paidOn: '2026-06-25', kind: 'stock', code: '7203', nameJa: 'トヨタ自動車', gross: 4_500, national: 689, local: 225 }],
  totals: { proceeds: 4_187_113, cost: 3_838_765, gain: 348_348, national: 53_349, local: 17_417, withheld: 70_766, dividendGross: 4_500, dividendNational: 689, dividendLocal: 225 },
};

const dir = mkdtempSync(join(tmpdir(), 'kabuto-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const renderer = new PdfRenderer(resolveFont(undefined));

/** Renders, writes the file and answers its text (pdftotext -layout), its fonts and its size. */
async function read(name: string, model: DocModel): Promise<{ text: string; fonts: string; size: number; pages: number }> {
  const bytes = await renderer.render(model);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, fonts, size: bytes.byteLength, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

/** Every font embedded and subset: pdffonts' emb and sub columns say yes. */
function expectSubsetFonts(fonts: string): void {
  const rows = fonts.split('\n').slice(2).filter((l) => l.trim());
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r, r).toMatch(/\+\S+.*\byes\s+yes\b/);
}

describe.skipIf(!poppler)('document PDFs', () => {
  it('finds a Japanese font (IPAexGothic or Noto Sans CJK JP)', () => {
    expect(resolveFont(undefined)).not.toBeNull();
    expect(renderer.available).toBe(true);
    expect(resolveFont('/nowhere/font.ttf#Face')).toEqual(resolveFont(undefined));
    expect(new PdfRenderer(null).available).toBe(false);
  });

  it('draws a 取引報告書 with its labels and amounts as text, a subset font, under 100 KB', async () => {
    const pdf = await read('contract', contractNoteModel(marginClose, ctx));
    for (const s of [
      '取引報告書',
      '契約締結時交付書面',
      '約定日時',
      '2026年6月10日 14:10',
      '受渡日',
      '6758 ソニーグループ',
      '信用返済売',
      '特定口座',
      '300株',
      '3,500円',
      '1,050,000円',
      '手数料（税込）',
      '消費税',
      '金利',
      '2,345円',
      '譲渡損益',
      '96,555円',
      '譲渡益税（源泉徴収）',
      '19,614円',
      '受渡金額',
      '76,941円（お受取）',
      'KB-8D6A4E1C3B',
      'シミュレーション市場の取引です（実際の取引ではありません）',
      '本書面は金融商品取引法第37条の4に基づく契約締結時交付書面です。',
      'Kabuto（シミュレーション）',
    ])
      expect(pdf.text, s).toContain(s);
    expect(pdf.text).toMatch(/1 ?\/ ?1/);
    expect(pdf.text).not.toContain('\ufffd');
    expectSubsetFonts(pdf.fonts);
    expect(pdf.size).toBeLessThan(100_000);
  });

  it('shows a refund, a trust 解約 and a correction', async () => {
    const refund = await read('refund', contractNoteModel(refundSell, { ...ctx, corrects: { number: 'KB-0000000001', reason: '手数料の誤り' } }));
    for (const s of ['還付 7,174円', '\u221235,320円', '256,789円（お受取）', '訂正: 書面番号 KB-0000000001 を訂正します（理由: 手数料の誤り）']) expect(refund.text, s).toContain(s);
    const trust = await read('trust', contractNoteModel(trustSell, { ...ctx, operatorAddress: '' }));
    for (const s of ['投資信託 解約', '1,234,567口', '23,456円（基準価額・1万口あたり）', '信託財産留保額', '8,687円', '運営者の住所は未設定です（KABUTO_OPERATOR_ADDRESS）'])
      expect(trust.text, s).toContain(s);
  });

  it('draws a 取引残高報告書 with its tables, and continues a long one on the next page under its header', async () => {
    const pdf = await read('balance', balanceReportModel(balance, ctx));
    for (const s of ['取引残高報告書', '期間中のお取引', '預り金', '未受渡金', '注文拘束金', '3,456,789円', '評価額', '1,782,500円', '投資信託', '2,895,800円', '信用建玉', '売建', '+44,600円', '\u2212284,935円'])
      expect(pdf.text, s).toContain(s);
    expectSubsetFonts(pdf.fonts);
    const many = Array.from({ length: 90 }, (_, i) => ({ ...cashBuy, sourceKey: `entry:m${i}`, quantity: 100 + i }));
    const long = await read('balance-long', balanceReportModel({ ...balance, executions: many }, ctx));
    expect(long.pages).toBeGreaterThan(1);
    const pages = long.text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(long.pages);
    expect(pages[1]).toMatch(/約定日\s+取引区分\s+銘柄\s+数量\s+単価\s+受渡金額/);
    expect(pages[1]).toMatch(new RegExp(`2 ?/ ?${long.pages}`));
    expect(long.text).toContain('189株');
    const empty = await read('balance-empty', balanceReportModel({ ...balance, executions: [], securities: [], trusts: [], margin: [] }, ctx));
    expect(empty.text.match(/該当なし/g)).toHaveLength(4);
  });

  it('draws a 特定口座年間取引報告書 with ①–④, 所得税 and 住民税 apart, and the preview banner', async () => {
    const pdf = await read('annual', annualReportModel({ ...annual, preview: true }, ctx));
    for (const s of [
      '特定口座年間取引報告書',
      '2026年分',
      'プレビュー（確定前）— 年の途中の集計です。確定版は翌年1月に交付します。',
      '源泉徴収の有無',
      '① 譲渡の対価の額（収入金額）',
      '4,187,113円',
      '② 取得費及び譲渡に要した費用の額等',
      '3,838,765円',
      '③ 差引金額（譲渡所得等の金額）',
      '348,348円',
      '④ 源泉徴収税額',
      '70,766円',
      '所得税（復興特別所得税を含む）',
      '53,349円',
      '住民税',
      '17,417円',
      '配当等の額',
      '4,500円',
      '譲渡の明細',
      '配当等の明細',
      '2,887,113円',
    ])
      expect(pdf.text, s).toContain(s);
    const order = ['① 譲渡の対価の額', '② 取得費', '③ 差引金額', '④ 源泉徴収税額', '配当等の額'].map((s) => pdf.text.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expectSubsetFonts(pdf.fonts);
  });
});
