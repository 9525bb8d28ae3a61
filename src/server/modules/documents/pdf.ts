/**
 * Draws a DocModel (layout.ts) as an A4 PDF with pdfkit (docs/domain.md "Documents and exports"):
 * a Japanese font embedded as a subset (only the glyphs used, so a 取引報告書 stays far under
 * 100 KB), compressed streams, the footer and page numbers drawn last over the buffered pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { DocModel, DocSection } from './facts';

/** A font file; `family` names the face inside a collection (.ttc). */
export interface FontSource {
  path: string;
  family?: string;
}

/** IPAexGothic (IPA Font License: embedding allowed), else Noto Sans CJK JP (SIL OFL). Debian's paths. */
const DEFAULT_FONTS: FontSource[] = [
  { path: '/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf' },
  { path: '/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
];

/**
 * The font to draw with: the configured one (`path` or `path#Face`, settings.documents.font) when
 * its file exists, else the first default installed; null when none is (documents are not issued).
 * A configured file that is missing falls back to a default rather than leave customers without
 * their documents.
 */
export function resolveFont(configured: string | undefined): FontSource | null {
  const candidates = [...(configured ? [parseFont(configured)] : []), ...DEFAULT_FONTS];
  return candidates.find((f) => existsSync(f.path)) ?? null;
}

function parseFont(text: string): FontSource {
  const at = text.lastIndexOf('#');
  return at > 0 ? { path: text.slice(0, at), family: text.slice(at + 1) } : { path: text };
}

// --- geometry (points; A4 is 595.28 × 841.89) ------------------------------------------------------

const MARGIN = 40;
const FOOTER_SPACE = 46;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b8c0cc';
const HEAD_FILL = '#e6ebf2';
const LABEL_FILL = '#f3f5f8';
const BANNER_INK = '#b00020';
const BANNER_FILL = '#fdecee';
const PAD = 4;
const FONT = 'jp';

type Doc = PDFKit.PDFDocument;

/** Renders DocModels with one font, read from disk once. */
export class PdfRenderer {
  readonly available: boolean;
  /** The font file, read at the first render (not at start: most starts draw no document) and kept. */
  private fontBytes: Buffer | null = null;

  constructor(private readonly font: FontSource | null) {
    this.available = font !== null; // resolveFont found the file
  }

  render(model: DocModel): Promise<Uint8Array> {
    if (this.font && !this.fontBytes) this.fontBytes = readFont(this.font.path);
    if (!this.fontBytes) return Promise.reject(new Error('PdfRenderer: no Japanese font available'));
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      compress: true,
      bufferPages: true,
      autoFirstPage: true,
      lang: 'ja-JP',
      displayTitle: true,
      info: { Title: model.subtitle ? `${model.title}（${model.subtitle}）` : model.title, Author: 'Kabuto', Subject: model.title, Creator: 'Kabuto' },
    });
    const done = collect(doc);
    doc.registerFont(FONT, this.fontBytes, this.font?.family);
    doc.font(FONT).fillColor(INK);
    new Drawing(doc).document(model);
    doc.end();
    return done;
  }
}

function readFont(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

function collect(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => {
      const all = Buffer.concat(chunks);
      resolve(new Uint8Array(all.buffer, all.byteOffset, all.byteLength));
    });
    doc.on('error', reject);
  });
}

/** One document being drawn: `y` is where the next block starts. */
class Drawing {
  private y = MARGIN;
  constructor(private readonly doc: Doc) {}

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_SPACE;
  }

  document(model: DocModel): void {
    this.header(model);
    for (const b of model.banners) this.banner(b);
    for (const s of model.sections) this.section(s);
    this.footers(model.footer);
  }

  /** A new page when `height` does not fit below `y`. */
  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  private text(s: string, x: number, y: number, width: number, size: number, opts: PDFKit.Mixins.TextOptions = {}): void {
    this.doc.fontSize(size).text(s, x, y, { width, lineGap: 1, ...opts });
  }

  private heightOf(s: string, width: number, size: number): number {
    return this.doc.fontSize(size).heightOfString(s, { width, lineGap: 1 });
  }

  /** Title and subtitle at the left, the meta block (書面番号…) at the right. */
  private header(model: DocModel): void {
    const metaWidth = 190;
    const left = this.width - metaWidth - 12;
    this.doc.fillColor(INK);
    this.text(model.title, MARGIN, this.y, left, 20);
    let titleBottom = this.y + this.heightOf(model.title, left, 20);
    if (model.subtitle) {
      this.doc.fillColor(MUTED);
      this.text(model.subtitle, MARGIN, titleBottom + 2, left, 10);
      titleBottom += 2 + this.heightOf(model.subtitle, left, 10);
    }
    const metaBottom = this.metaBlock(model.meta, MARGIN + this.width - metaWidth, metaWidth);
    this.y = Math.max(titleBottom, metaBottom) + 10;
    this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(1.2).strokeColor(INK).stroke();
    this.y += 10;
  }

  private metaBlock(rows: DocModel['meta'], x: number, width: number): number {
    const labelW = 62;
    let y = this.y + 2;
    for (const r of rows) {
      const h = Math.max(this.heightOf(r.value, width - labelW, 8.5), 11);
      this.doc.fillColor(MUTED);
      this.text(r.label, x, y, labelW, 8.5);
      this.doc.fillColor(INK);
      this.text(r.value, x + labelW, y, width - labelW, 8.5, { align: 'right' });
      y += h + 1;
    }
    return y;
  }

  private banner(s: string): void {
    const inner = this.width - 2 * 8;
    const h = this.heightOf(s, inner, 9.5) + 2 * 6;
    this.ensure(h);
    this.doc.lineWidth(1).rect(MARGIN, this.y, this.width, h).fillAndStroke(BANNER_FILL, BANNER_INK);
    this.doc.fillColor(BANNER_INK);
    this.text(s, MARGIN + 8, this.y + 6, inner, 9.5);
    this.y += h + 6;
  }

  private section(s: DocSection): void {
    this.y += 6;
    if (s.type === 'fields') this.fields(s);
    else if (s.type === 'table') this.table(s);
    else this.notes(s);
  }

  /** A heading kept with the first row under it. */
  private heading(text: string | null, next: number): void {
    if (!text) return;
    this.ensure(18 + next);
    this.doc.rect(MARGIN, this.y + 1, 3, 12).fill(INK);
    this.doc.fillColor(INK);
    this.text(text, MARGIN + 8, this.y, this.width - 8, 11);
    this.y += 18;
  }

  /** Label | value rows: a two-column grid, labels shaded. */
  private fields(s: Extract<DocSection, { type: 'fields' }>): void {
    const labelW = Math.round(this.width * 0.4);
    const valueW = this.width - labelW;
    const size = 9.5;
    const heights = s.rows.map((r) => Math.max(this.heightOf(r.label, labelW - 2 * PAD, size), this.heightOf(r.value, valueW - 2 * PAD, size)) + 2 * PAD + 1);
    this.heading(s.heading, heights[0] ?? 0);
    s.rows.forEach((r, i) => {
      const h = heights[i]!;
      this.ensure(h);
      this.doc.lineWidth(0.5).rect(MARGIN, this.y, labelW, h).fillAndStroke(LABEL_FILL, RULE);
      this.doc.rect(MARGIN + labelW, this.y, valueW, h).stroke(RULE);
      this.doc.fillColor(MUTED);
      this.text(r.label, MARGIN + PAD, this.y + PAD + 0.5, labelW - 2 * PAD, size);
      this.doc.fillColor(INK);
      this.text(r.value, MARGIN + labelW + PAD, this.y + PAD + 0.5, valueW - 2 * PAD, size);
      this.y += h;
    });
  }

  private table(s: Extract<DocSection, { type: 'table' }>): void {
    const size = 8;
    const total = s.columns.reduce((a, c) => a + c.width, 0) || 1;
    const widths = s.columns.map((c) => (c.width / total) * this.width);
    const rowHeight = (cells: string[]) => Math.max(...cells.map((c, i) => this.heightOf(c, widths[i]! - 2 * PAD, size))) + 2 * PAD;
    const headH = rowHeight(s.columns.map((c) => c.label));
    const firstH = s.rows[0] ? rowHeight(s.rows[0]) : 20;
    this.heading(s.heading, headH + firstH);
    this.ensure(headH + firstH);
    this.tableHead(s, widths, headH, size);
    if (s.rows.length === 0) {
      this.doc.lineWidth(0.5).rect(MARGIN, this.y, this.width, 20).stroke(RULE);
      this.doc.fillColor(MUTED);
      this.text(s.empty, MARGIN, this.y + 5.5, this.width, size, { align: 'center' });
      this.y += 20;
      return;
    }
    for (const row of s.rows) {
      const h = rowHeight(row);
      if (this.ensure(h)) this.tableHead(s, widths, headH, size);
      this.tableRow(row, s.columns, widths, h, size, false);
    }
  }

  private tableHead(s: Extract<DocSection, { type: 'table' }>, widths: number[], h: number, size: number): void {
    this.doc.rect(MARGIN, this.y, this.width, h).fill(HEAD_FILL);
    this.tableRow(
      s.columns.map((c) => c.label),
      s.columns,
      widths,
      h,
      size,
      true,
    );
  }

  private tableRow(cells: string[], columns: { align: 'left' | 'right' }[], widths: number[], h: number, size: number, head: boolean): void {
    let x = MARGIN;
    this.doc.fillColor(head ? MUTED : INK);
    cells.forEach((c, i) => {
      const w = widths[i]!;
      this.text(c, x + PAD, this.y + PAD, w - 2 * PAD, size, { align: columns[i]?.align ?? 'left' });
      x += w;
    });
    this.y += h;
    this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  private notes(s: Extract<DocSection, { type: 'text' }>): void {
    const size = 8.5;
    const heights = s.lines.map((l) => this.heightOf(l, this.width, size) + 2);
    this.y += 2;
    this.heading(s.heading, heights[0] ?? 0);
    s.lines.forEach((l, i) => {
      this.ensure(heights[i]!);
      this.doc.fillColor(MUTED);
      this.text(l, MARGIN, this.y, this.width, size);
      this.y += heights[i]!;
    });
  }

  /** The issuer, the address and "n / m" on every page, over the reserved bottom space. */
  private footers(lines: string[]): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      // Writing below the bottom margin would make pdfkit start a page of its own.
      const savedBottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      const top = this.doc.page.height - MARGIN - FOOTER_SPACE + 10;
      this.doc.moveTo(MARGIN, top).lineTo(MARGIN + this.width, top).lineWidth(0.5).strokeColor(RULE).stroke();
      this.doc.fillColor(MUTED);
      let y = top + 4;
      for (const l of lines) {
        this.text(l, MARGIN, y, this.width - 50, 7.5, { lineBreak: false, ellipsis: true });
        y += 10;
      }
      this.text(`${i - range.start + 1} / ${range.count}`, MARGIN + this.width - 50, top + 4, 50, 7.5, { align: 'right', lineBreak: false });
      this.doc.page.margins.bottom = savedBottom;
    }
  }
}
