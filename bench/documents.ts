/*
 * Documents (docs/decisions/027-documents.md): how long one 取引報告書 takes to draw and how big it
 * is, against the in-run baseline of laying it out (the pure model, no PDF); and the CSV encoder's
 * rows per second in UTF-8 and Shift_JIS, against building the same rows without encoding. Timings
 * depend on the machine: the 1-minute load average is reported with them.
 */
import { loadavg } from 'node:os';
import { contractNoteModel, type DocContext } from '../src/server/modules/documents/layout';
import { PdfRenderer, resolveFont } from '../src/server/modules/documents/pdf';
import { CsvEncoder, TRADES_HEADER, tradeRow } from '../src/server/modules/documents/csv';
import type { Execution } from '../src/server/modules/documents/facts';
import { median } from './stats';
import type { Figure } from './ledger';

const ctx: DocContext = {
  number: 'KB-0000000001', issuedAt: Date.UTC(2026, 11, 1), customer: { userId: 'u', number: '6A4E1C3B', name: '山田 太郎' },
  operatorAddress: '東京都中央区日本橋兜町2-1', simulated: true,
};

function execution(i: number): Execution {
  return {
    sourceKey: `entry:e${i}`, userId: 'u', kind: i % 2 ? 'cash_sell' : 'cash_buy', account: 'specific', executedAt: Date.UTC(2026, 10, 1) + i * 60_000,
    tradeDate: '2026-11-02', settlesOn: '2026-11-04', code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', quantity: 100,
    unitPrice: 28455 + i, priceScale: 10, perUnits: 1, contractValue: 284_550, fee: 385, consumptionTax: 35, interest: 0, borrowFee: 0,
    interestPaidBefore: 0, retention: 0, taxWithheld: i % 2 ? 1_234 : 0, gain: i % 2 ? 6_000 : null, cost: i % 2 ? 278_165 : null,
    net: i % 2 ? 282_931 : -284_935, refId: `p${i}`,
  };
}

const times = async (n: number, run: () => unknown | Promise<unknown>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    out.push(performance.now() - t0);
  }
  return out;
};

export async function benchDocuments(): Promise<Figure[]> {
  const font = resolveFont(undefined);
  if (!font) throw new Error('documents bench: no font (apt-get install fonts-ipaexfont-gothic)');
  const renderer = new PdfRenderer(font);
  const e = execution(1);
  const first = await times(1, () => renderer.render(contractNoteModel(e, ctx)));
  const layout = median(await times(200, () => contractNoteModel(e, ctx)));
  const draw = await times(30, () => renderer.render(contractNoteModel(e, ctx)));
  const bytes = (await renderer.render(contractNoteModel(e, ctx))).byteLength;
  const rows = Array.from({ length: 20_000 }, (_, i) => execution(i));
  const build = median(await times(5, () => rows.map((r) => tradeRow(r, 'KB-0000000001'))));
  const encode = async (enc: 'utf8' | 'sjis') =>
    median(await times(5, () => {
      const encoder = new CsvEncoder(enc);
      encoder.header(TRADES_HEADER);
      for (let i = 0; i < rows.length; i += 200) encoder.rows(rows.slice(i, i + 200).map((r) => tradeRow(r, 'KB-0000000001')));
    }));
  const utf8 = await encode('utf8');
  const sjis = await encode('sjis');
  const load = `load ${loadavg()[0]!.toFixed(2)}`;
  const round = (x: number) => +x.toFixed(2);
  return [
    { name: 'documents.contract_note.first_render', value: round(first[0]!), unit: 'ms', note: `font ${font.path.split('/').pop()}; ${load}` },
    { name: 'documents.contract_note.render', value: round(median(draw)), unit: 'ms', note: `median of 30, spread ${round(Math.min(...draw))}–${round(Math.max(...draw))}` },
    { name: 'documents.contract_note.layout', value: round(layout), unit: 'ms', note: 'the pure model alone (baseline)' },
    { name: 'documents.contract_note.bytes', value: bytes, unit: 'B', note: 'budget 100 KB' },
    { name: 'documents.csv.rows_built', value: Math.round(rows.length / (build / 1000)), unit: 'rows/s', note: 'baseline: rows without encoding' },
    { name: 'documents.csv.utf8', value: Math.round(rows.length / (utf8 / 1000)), unit: 'rows/s', note: `20,000 trades in pages of 200; ${load}` },
    { name: 'documents.csv.sjis', value: Math.round(rows.length / (sjis / 1000)), unit: 'rows/s', note: 'the same through iconv-lite' },
    { name: 'documents.csv.sjis_vs_utf8', value: round(sjis / utf8), unit: '×', note: 'time ratio: what Shift_JIS costs over UTF-8' },
  ];
}
