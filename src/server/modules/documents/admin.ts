/**
 * The documents' back office (docs/domain.md "Documents and exports"): a user's documents with
 * delivery and read status and their consent; opening one (audited with its reason: staff reading
 * a customer's document); reissuing one from today's records as a correction that names the old
 * one, which stays (audited in the transaction that issues the new one).
 */
import type { AuthUser } from '../../auth/principal';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuditLog } from '../../platform/audit';
import type { FileStore } from '../../platform/uploads';
import { conflict, notFound, unavailable } from '../../errors';
import type { DocumentKind } from '../../../shared/domain/documents';
import { addDays, jstMs, type IsoDate } from '../../../shared/market';
import type { DocumentTable } from './tables';
import { documentNumber } from './layout';
import { executionOf } from './executions';
import type { ReportDeps } from './reports';
import { annualInput, balanceInput, contractNoteInput, type DocumentIssuer, type IssueInput } from './issue';
import { consentView, documentView, parseCursor, pdfResponse } from './service';
import * as repo from './repo';

export interface DocumentAdminDeps {
  database: Database;
  clock: Clock;
  audit: AuditLog;
  store: FileStore;
  issuer: DocumentIssuer;
  reports: ReportDeps;
  operatorAddress: string;
}

const PAGE = 50;

export class DocumentAdmin {
  constructor(private readonly deps: DocumentAdminDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(q: { userId: string; kind?: DocumentKind | undefined; cursor?: string | undefined }) {
    const after = parseCursor(q.cursor);
    const rows = await repo.listDocuments(this.db, q.userId, { kind: q.kind, after, limit: PAGE });
    const page = rows.slice(0, PAGE);
    const corrected = await repo.correctionsOf(this.db, page.map((r) => r.id));
    const last = page[page.length - 1];
    return {
      items: page.map((r) => adminRow(r, corrected.get(r.id) ?? null)),
      next: rows.length > PAGE && last ? `${Number(last.issued_at)}_${last.id}` : null,
      consent: consentView(await repo.latestConsent(this.db, q.userId), this.deps.operatorAddress),
    };
  }

  /** The PDF for staff, audited with the reason before the bytes leave. */
  async open(admin: AuthUser, id: string, reason: string): Promise<Response> {
    const row = await this.find(id);
    const bytes = await this.deps.store.get(row.storage_key);
    if (!bytes) throw notFound();
    await this.deps.audit.record(this.db, { adminId: admin.id, action: 'document.open', target: id, reason, detail: { userId: row.user_id, kind: row.kind, number: documentNumber(id) } });
    return pdfResponse(bytes, documentNumber(id), false);
  }

  /** A new document from today's records naming the old one (kept), source key `<old>#r<n>`. */
  async reissue(admin: AuthUser, id: string, reason: string) {
    const old = await this.find(id);
    if (!this.deps.issuer.available) throw unavailable('document_unavailable');
    const base = await this.rebuild(old);
    const n = (await repo.correctionCount(this.db, old.id)) + 1;
    const input: IssueInput = {
      ...base,
      sourceKey: `${old.source_key}#r${n}`,
      corrects: { id: old.id, number: documentNumber(old.id), reason, issuedBy: admin.id },
    };
    const row = await this.deps.issuer.issue(input, this.deps.clock.now(), (trx, r) =>
      this.deps.audit.record(trx, { adminId: admin.id, action: 'document.reissue', target: old.id, reason, detail: { userId: old.user_id, kind: old.kind, newId: r.id, number: documentNumber(r.id) } }).then(() => undefined),
    );
    // Another admin's reissue took the same number at the same moment.
    if (!row) throw conflict('document_reissue_conflict');
    return adminRow(row, null);
  }

  private async find(id: string): Promise<DocumentTable> {
    const row = await repo.findDocument(this.db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The document's input rendered from today's rows, as the job or the request built it. */
  private async rebuild(old: DocumentTable): Promise<IssueInput> {
    const key = old.source_key.replace(/#r\d+.*$/, '');
    if (old.kind === 'contract_note') {
      const e = await executionOf(this.db, key, this.deps.reports.names);
      if (!e) throw notFound();
      return contractNoteInput(e);
    }
    if (old.kind === 'annual_report') return annualInput(this.deps.reports, old.user_id, Number(old.period_from!.slice(0, 4)));
    const from = old.period_from as IsoDate;
    const to = old.period_to as IsoDate;
    // A report on request was taken at its issue; a quarter's at the end of its last day.
    const onRequest = key.includes(':request:');
    const asOf = onRequest ? Number(old.issued_at) : jstMs(addDays(to, 1), 0, 0) - 1;
    const title = JSON.parse(old.title_json) as { period?: string };
    return balanceInput(this.deps.reports, old.user_id, { from, to, asOf, period: title.period ?? 'request', sourceKey: key });
  }
}

function adminRow(r: DocumentTable, correctedBy: string | null) {
  return { ...documentView(r, correctedBy), userId: r.user_id, issuedBy: r.issued_by };
}
