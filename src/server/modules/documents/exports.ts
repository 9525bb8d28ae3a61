/**
 * The CSV exports (`GET documents/export/{kind}`; docs/domain.md "Documents and exports"): trades,
 * ledger records, dividends, 譲渡損益 by 受渡日's year, and Ghostfolio's import format. Streamed: the
 * body is a ReadableStream whose every pull reads one page (≤ 200 rows) and hands over its encoded
 * bytes, so a file is never whole in memory. The rows are counted first (X-Kabuto-Rows: the PWA's
 * progress) by reading the same pages once without encoding them; both passes see the data as of
 * the request's instant, and the stream never writes more rows than it announced.
 */
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { readRecords } from '../funds';
import type { ExportEncoding, ExportKind } from '../../../shared/domain/documents';
import { jstMs, jstYear } from '../../../shared/market';
import type { DividendLine, Execution } from './facts';
import { executionsOfUser, type InstrumentNames } from './executions';
import { dividendsOfUser } from './reports';
import { documentNumber } from './layout';
import { annualSale } from './rules';
import { documentsOfSources } from './exports-repo';
import {
  CHARSET, CsvEncoder, DIVIDENDS_HEADER, dividendRow, GHOSTFOLIO_HEADER, ghostfolioDividendRow, ghostfolioTradeRow, isSell, PNL_HEADER,
  pnlRow, pnlTotalRow, RECORDS_HEADER, recordRow, TRADES_HEADER, tradeRow, type CsvRow, type PnlLine,
} from './csv';

/** funds' reader of ledger records (funds/records.ts), page by page along its cursor. */
export type RecordsReader = typeof readRecords;

/** Rows per page: one database read and one encoded chunk each. */
const PAGE = 200;
const DAY_MS = 86_400_000;

/** An export: its header and its rows, page by page (a fresh generator each call). */
interface Source {
  header: readonly string[];
  pages(): AsyncGenerator<CsvRow[]>;
}

/** Instants of one Tokyo year, widened by `marginDays` each side (a 受渡日 or 約定日 near the turn of the year). */
function yearSpan(year: number, marginDays = 0): { from: number; to: number } {
  return { from: jstMs(`${year}-01-01`, 0) - marginDays * DAY_MS, to: jstMs(`${year + 1}-01-01`, 0) - 1 + marginDays * DAY_MS };
}

const inYear = (date: string, year: number | undefined) => year === undefined || date.startsWith(`${year}-`);

/** Splits rows into pages of at most PAGE rows. */
function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += PAGE) yield rows.slice(i, i + PAGE);
}

export class DocumentExports {
  constructor(private readonly deps: { database: Database; clock: Clock; names: InstrumentNames; records: RecordsReader }) {}

  /** The export as a streamed CSV response (the route answers it as is: rawRoute). */
  async csv(user: AuthUser, kind: ExportKind, q: { encoding: ExportEncoding; year?: number | undefined }): Promise<Response> {
    const asOf = this.deps.clock.now();
    const year = kind === 'pnl' ? (q.year ?? jstYear(asOf)) : q.year;
    const source = this.source(user.id, kind, year, asOf);
    const rows = await countRows(source);
    return new Response(csvStream(source, new CsvEncoder(q.encoding), rows), {
      status: 200,
      headers: {
        'Content-Type': `text/csv; charset=${CHARSET[q.encoding]}`,
        // A name of our own: nothing the user typed reaches a header.
        'Content-Disposition': `attachment; filename="kabuto-${kind}-${year ?? 'all'}.csv"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'X-Kabuto-Rows': String(rows),
      },
    });
  }

  private source(userId: string, kind: ExportKind, year: number | undefined, asOf: number): Source {
    const db = this.deps.database.db;
    const names = this.deps.names;
    switch (kind) {
      case 'trades':
        return { header: TRADES_HEADER, pages: () => tradePages(db, userId, year, asOf, names) };
      case 'records':
        return { header: RECORDS_HEADER, pages: () => recordPages(this.deps.records, db, userId, year, asOf, names) };
      case 'dividends':
        return { header: DIVIDENDS_HEADER, pages: () => dividendPages(db, userId, year, asOf, names) };
      case 'pnl':
        return { header: PNL_HEADER, pages: () => pnlPages(db, userId, year!, asOf, names) };
      case 'ghostfolio':
        return { header: GHOSTFOLIO_HEADER, pages: () => ghostfolioPages(db, userId, year, asOf, names) };
    }
  }
}

/** The number of data rows: every line after the header (the pnl export's 合計 row included). */
async function countRows(source: Source): Promise<number> {
  let n = 0;
  for await (const page of source.pages()) n += page.length;
  return n;
}

/**
 * The body: the header first, then one page per pull, never more than `rows` data rows (rows
 * written after the count are left for the next export). A pull that finds an empty page reads
 * on, so every pull enqueues bytes or closes the stream.
 */
function csvStream(source: Source, encoder: CsvEncoder, rows: number): ReadableStream<Uint8Array> {
  const pages = source.pages();
  let left = rows;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.header(source.header));
        return;
      }
      for (;;) {
        const next = left > 0 ? await pages.next() : null;
        if (!next || next.done) {
          await pages.return(undefined);
          controller.close();
          return;
        }
        const page = next.value.slice(0, left);
        left -= page.length;
        if (page.length > 0) {
          controller.enqueue(encoder.rows(page));
          return;
        }
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/**
 * The user's executions from `from` to `to` (ms, inclusive), oldest first, a page at a time along
 * executionsOfUser's (executedAt, source key) cursor.
 */
async function* executionPages(db: Executor, userId: string, span: { from?: number; to: number }, names: InstrumentNames): AsyncGenerator<Execution[]> {
  let after: { at: number; key: string } | undefined;
  for (;;) {
    const page = await executionsOfUser(db, userId, { ...span, ...(after ? { after } : {}), limit: PAGE }, names);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    const last = page[page.length - 1]!;
    after = { at: last.executedAt, key: last.sourceKey };
  }
}

/** Executions whose 約定日 is in `year` (all without one) up to `asOf`: read a few days wider, kept by their Tokyo date. */
function executionSpan(year: number | undefined, asOf: number): { from?: number; to: number } {
  if (year === undefined) return { to: asOf };
  const span = yearSpan(year, 7);
  return { from: span.from, to: Math.min(span.to, asOf) };
}

async function* tradePages(db: Executor, userId: string, year: number | undefined, asOf: number, names: InstrumentNames): AsyncGenerator<CsvRow[]> {
  for await (const page of executionPages(db, userId, executionSpan(year, asOf), names)) {
    const mine = page.filter((e) => inYear(e.tradeDate, year));
    if (mine.length === 0) continue;
    const docs = await documentsOfSources(db, userId, mine.map((e) => e.sourceKey));
    const numbers = new Map(docs.map((d) => [d.source_key, documentNumber(d.id)]));
    yield mine.map((e) => tradeRow(e, numbers.get(e.sourceKey) ?? null));
  }
}

/**
 * Sells settled (受渡日) in `year`: their 約定日 is at most a few weeks earlier (a trust 解約 pays
 * out days after its NAV date), so executions from a month before the year to its end are read.
 * Proceeds as the annual report states them (rules.ts annualSale): a short's close, the opening
 * sale's value — the position's contract value, which Execution.cost carries for a margin close.
 */
async function* pnlPages(db: Executor, userId: string, year: number, asOf: number, names: InstrumentNames): AsyncGenerator<CsvRow[]> {
  const span = yearSpan(year);
  const lines: PnlLine[] = [];
  for await (const page of executionPages(db, userId, { from: span.from - 31 * DAY_MS, to: Math.min(span.to, asOf) }, names)) {
    const sales = page.filter((e) => isSell(e.kind) && inYear(e.settlesOn, year));
    const rows = sales.map((e) => {
      const sale = annualSale(e, e.kind === 'margin_close_buy' ? e.cost : null);
      lines.push({ proceeds: sale.proceeds, gain: sale.gain, taxWithheld: sale.taxWithheld });
      return pnlRow(e, sale.proceeds);
    });
    if (rows.length > 0) yield rows;
  }
  yield [pnlTotalRow(lines)];
}

/**
 * Ledger records, newest first as funds/records lists them, one readRecords page at a time; those
 * dated in `year` (Tokyo) and up to `asOf`. An entry's id does not order it by date on the test
 * clock, so every page is read and filtered (no early stop).
 */
async function* recordPages(read: RecordsReader, db: Executor, userId: string, year: number | undefined, asOf: number, names: InstrumentNames): AsyncGenerator<CsvRow[]> {
  const span = year === undefined ? { from: -Infinity, to: asOf } : { from: yearSpan(year).from, to: Math.min(yearSpan(year).to, asOf) };
  let cursor: string | undefined;
  do {
    const page = await read(db, userId, { type: 'all', limit: PAGE, ...(cursor ? { cursor } : {}) }, names);
    const rows = page.items.filter((r) => r.createdAt >= span.from && r.createdAt <= span.to).map(recordRow);
    if (rows.length > 0) yield rows;
    cursor = page.next ?? undefined;
  } while (cursor);
}

/** Dividends and distributions paid in `year` up to `asOf`. dividendsOfUser answers them at once (a few a holding a year); the rows go out a page at a time. */
async function dividendLines(db: Executor, userId: string, year: number | undefined, asOf: number, names: InstrumentNames): Promise<DividendLine[]> {
  const span = year === undefined ? { to: asOf } : { from: yearSpan(year, 1).from, to: Math.min(yearSpan(year, 1).to, asOf) };
  return (await dividendsOfUser(db, userId, span, names)).filter((d) => d.paidAt <= asOf && inYear(d.paidOn, year));
}

async function* dividendPages(db: Executor, userId: string, year: number | undefined, asOf: number, names: InstrumentNames): AsyncGenerator<CsvRow[]> {
  for (const page of chunks(await dividendLines(db, userId, year, asOf, names))) yield page.map(dividendRow);
}

/** Ghostfolio: buys and sells (executions) and dividends in time order; `year` by 約定日 / 支払日. */
async function* ghostfolioPages(db: Executor, userId: string, year: number | undefined, asOf: number, names: InstrumentNames): AsyncGenerator<CsvRow[]> {
  const dividends = await dividendLines(db, userId, year, asOf, names);
  let d = 0;
  for await (const page of executionPages(db, userId, executionSpan(year, asOf), names)) {
    const rows: CsvRow[] = [];
    for (const e of page.filter((x) => inYear(x.tradeDate, year))) {
      while (d < dividends.length && dividends[d]!.paidAt <= e.executedAt) rows.push(ghostfolioDividendRow(dividends[d++]!));
      rows.push(ghostfolioTradeRow(e));
    }
    yield* chunks(rows);
  }
  yield* chunks(dividends.slice(d).map(ghostfolioDividendRow));
}
