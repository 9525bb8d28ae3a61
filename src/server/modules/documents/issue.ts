/**
 * Issuing one document (docs/domain.md "Documents and exports"): the PDF is rendered and written
 * once to the FileStore, then its row and the owner's `document_issued` message commit in one
 * transaction. The row's unique source key makes issuing idempotent: a repeated job run, a retried
 * request or a second instance find the key taken and issue nothing (an orphan file of a lost race
 * is deleted). Also the inputs of each kind (a 取引報告書 of an execution, a 取引残高報告書 of a
 * period, a 特定口座年間取引報告書 of a year), shared by the job, the owner's request and a reissue.
 */
import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { FileStore } from '../../platform/uploads';
import type { DocumentKind } from '../../../shared/domain/documents';
import type { DocumentTitle } from '../../../shared/api/documents';
import type { IsoDate } from '../../../shared/market';
import { notify } from '../messaging';
import type { DocModel, Execution } from './facts';
import type { DocumentTable } from './tables';
import { annualReportModel, balanceReportModel, contractNoteModel, documentNumber, type DocContext } from './layout';
import type { PdfRenderer } from './pdf';
import { annualFacts, balanceFacts, customerOf, type ReportDeps } from './reports';
import * as repo from './repo';

export interface IssueInput {
  userId: string;
  kind: DocumentKind;
  sourceKey: string;
  periodFrom: IsoDate | null;
  periodTo: IsoDate | null;
  code: string | null;
  title: DocumentTitle;
  build: (ctx: DocContext) => DocModel;
  /** A reissue: the document corrected, the reason printed on the new one, the admin. */
  corrects?: { id: string; number: string; reason: string; issuedBy: string };
}

export interface IssuerDeps {
  database: Database;
  /** The uploads' store, shared (src/server/services.ts). */
  store: FileStore;
  renderer: PdfRenderer;
  /** KABUTO_OPERATOR_ADDRESS ('' when unset: the footer says so). */
  operatorAddress: string;
}

/** Work done inside the issuing transaction (an admin's reissue writes its audit row there). */
export type InTransaction = (trx: Executor, row: DocumentTable) => Promise<void>;

export class DocumentIssuer {
  constructor(private readonly deps: IssuerDeps) {}

  /** False when no font was found: nothing can be issued (logged once at start). */
  get available(): boolean {
    return this.deps.renderer.available;
  }

  /** The new document's row; null when its source key was issued already (or no font). */
  async issue(input: IssueInput, at: number, inTransaction?: InTransaction): Promise<DocumentTable | null> {
    const db = this.deps.database.db;
    if (!this.available || (await repo.documentBySourceKey(db, input.sourceKey))) return null;
    const id = uuidv7();
    const bytes = await this.deps.renderer.render(input.build(await this.contextOf(id, input, at)));
    const key = await this.deps.store.put(bytes);
    const row = rowOf(id, input, key, bytes, at);
    let inserted = false;
    try {
      await db.transaction().execute(async (trx) => {
        inserted = await repo.insertDocument(trx, row);
        if (!inserted) return;
        await notify(trx, { userId: row.user_id, kind: 'document_issued', params: messageParams(row, input.title), at, dedupeKey: `document:${row.source_key}` });
        await inTransaction?.(trx, row);
      });
    } catch (err) {
      await this.deps.store.delete(key); // no file without its row
      throw err;
    }
    if (!inserted) await this.deps.store.delete(key); // a race lost: the other issuer's file stands
    return inserted ? row : null;
  }

  private async contextOf(id: string, input: IssueInput, at: number): Promise<DocContext> {
    return {
      number: documentNumber(id),
      issuedAt: at,
      customer: await customerOf(this.deps.database.db, input.userId),
      operatorAddress: this.deps.operatorAddress,
      // The simulator is the only market source so far: every document says so (docs/domain.md "Documents and exports").
      simulated: true,
      ...(input.corrects ? { corrects: { number: input.corrects.number, reason: input.corrects.reason } } : {}),
    };
  }
}

function rowOf(id: string, input: IssueInput, key: string, bytes: Uint8Array, at: number): DocumentTable {
  return {
    id,
    user_id: input.userId,
    kind: input.kind,
    source_key: input.sourceKey,
    period_from: input.periodFrom,
    period_to: input.periodTo,
    code: input.code,
    title_json: JSON.stringify(input.title),
    storage_key: key,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    corrects_id: input.corrects?.id ?? null,
    reason: input.corrects?.reason ?? null,
    issued_by: input.corrects?.issuedBy ?? null,
    issued_at: at,
    read_at: null,
  };
}

/** The message's params: numbers and codes only (the app words it in the reader's language). */
function messageParams(row: DocumentTable, title: DocumentTitle): Record<string, string | number> {
  const p: Record<string, string | number> = { documentId: row.id, kind: row.kind, number: documentNumber(row.id) };
  if (row.code) p.code = row.code;
  if (title.year !== undefined) p.year = title.year;
  if (title.period !== undefined) p.period = title.period;
  return p;
}

/** A 取引報告書 of one execution (source key: the execution's). */
export function contractNoteInput(e: Execution): IssueInput {
  return {
    userId: e.userId,
    kind: 'contract_note',
    sourceKey: e.sourceKey,
    periodFrom: e.tradeDate,
    periodTo: e.tradeDate,
    code: e.code,
    title: { execution: e.kind, code: e.code, nameJa: e.nameJa, nameEn: e.nameEn, quantity: e.quantity, account: e.account },
    build: (ctx) => contractNoteModel(e, ctx),
  };
}

/** A 取引残高報告書 of [from, to] with balances at `asOf`; `period` is the quarter's label or `request`. */
export async function balanceInput(d: ReportDeps, userId: string, p: { from: IsoDate; to: IsoDate; asOf: number; period: string; sourceKey: string }): Promise<IssueInput> {
  const facts = await balanceFacts(d, userId, p.from, p.to, p.asOf);
  return {
    userId,
    kind: 'balance_report',
    sourceKey: p.sourceKey,
    periodFrom: p.from,
    periodTo: p.to,
    code: null,
    title: { period: p.period },
    build: (ctx) => balanceReportModel(facts, ctx),
  };
}

/** A 特定口座年間取引報告書 of a closed year (source key `annual:<user>:<year>`). */
export async function annualInput(d: ReportDeps, userId: string, year: number): Promise<IssueInput> {
  const facts = await annualFacts(d, userId, year, false);
  return {
    userId,
    kind: 'annual_report',
    sourceKey: `annual:${userId}:${year}`,
    periodFrom: `${year}-01-01` as IsoDate,
    periodTo: `${year}-12-31` as IsoDate,
    code: null,
    title: { year },
    build: (ctx) => annualReportModel(facts, ctx),
  };
}

/** Quarterly source key (`balance:<user>:<from>:<to>`). */
export const quarterKey = (userId: string, from: IsoDate, to: IsoDate) => `balance:${userId}:${from}:${to}`;
