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
import type { DocModel } from '../../src/server/modules/documents/facts';
import { annualReportModel, balanceReportModel, contractNoteModel } from '../../src/server/modules/documents/layout';
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

import { annual, balance, cashBuy, ctx, marginClose, refundSell, trustSell } from '../support/document-fixtures';
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
