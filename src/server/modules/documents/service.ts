/**
 * The document box (電子交付; docs/domain.md "Documents and exports"): the owner's documents with
 * unread marks, each PDF, the first reading, the consent to electronic delivery, a 取引残高報告書 on
 * request and the preview of this year's 特定口座年間取引報告書. Only the owner reads a document:
 * anyone else gets the 404 of a missing id (an admin opens it through admin.ts, audited).
 */
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { invalid, notFound, ruleBroken, unavailable } from '../../errors';
import type { FileStore } from '../../platform/uploads';
import { CONSENT_VERSION, quarterOf, type DocumentKind } from '../../../shared/domain/documents';
import type { ConsentView, DocumentTitle, DocumentView } from '../../../shared/api/documents';
import { jstDate, jstMs } from '../../../shared/market';
import type { DocumentConsentTable, DocumentTable } from './tables';
import { annualReportModel, documentNumber } from './layout';
import type { PdfRenderer } from './pdf';
import { annualFacts, customerOf, type ReportDeps } from './reports';
import { balanceInput, type DocumentIssuer } from './issue';
import * as repo from './repo';

export interface DocumentServiceDeps {
  database: Database;
  /** The domain clock (the market's, docs/decisions/023-one-clock.md). */
  clock: Clock;
  store: FileStore;
  renderer: PdfRenderer;
  issuer: DocumentIssuer;
  reports: ReportDeps;
  /** KABUTO_OPERATOR_ADDRESS: where paper delivery is asked for ('' when unset). */
  operatorAddress: string;
}


export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(user: AuthUser, q: { kind?: DocumentKind | undefined; year?: number | undefined; cursor?: string | undefined; limit: number }) {
    const rows = await repo.listDocuments(this.db, user.id, { kind: q.kind, year: q.year, after: parseCursor(q.cursor), limit: q.limit });
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    const next = rows.length > q.limit && last ? `${Number(last.issued_at)}_${last.id}` : null;
    return { items: await views(this.deps.database, page), next, unread: await repo.unreadCount(this.db, user.id) };
  }

  /** The PDF to its owner: inline, or as a download with `?download=1`; never cached. */
  async pdf(user: AuthUser, id: string, download: boolean): Promise<Response> {
    return pdfResponse(await this.bytesOf(await this.owned(user, id)), documentNumber(id), download);
  }

  /** The first reading is kept (an admin's opening is not a reading). */
  async markRead(user: AuthUser, id: string): Promise<{ readAt: number }> {
    await this.owned(user, id);
    const readAt = await repo.markRead(this.db, id, this.deps.clock.now());
    if (readAt === null) throw notFound();
    return { readAt };
  }

  async consent(user: AuthUser): Promise<ConsentView> {
    return consentView(await repo.latestConsent(this.db, user.id), this.deps.operatorAddress);
  }

  /** Consents to the current text's version; consenting again to it records nothing new. */
  async giveConsent(user: AuthUser, version: string): Promise<ConsentView> {
    if (version !== CONSENT_VERSION) throw invalid('document_consent_version', { field: 'version', expected: CONSENT_VERSION });
    const current = await repo.latestConsent(this.db, user.id);
    if (current?.action !== 'given' || current.version !== version) await this.record(user.id, version, 'given');
    return this.consent(user);
  }

  /** Withdraws a consent given (documents are still issued; paper delivery is asked for). */
  async withdrawConsent(user: AuthUser): Promise<ConsentView> {
    const current = await repo.latestConsent(this.db, user.id);
    if (current?.action === 'given') await this.record(user.id, current.version, 'withdrawn');
    return this.consent(user);
  }

  /**
   * A 取引残高報告書 from the start of the current quarter to now. The idempotency key is in the
   * source key, so a repeat with the same key answers the same document.
   */
  async requestBalance(user: AuthUser, idempotencyKey: string): Promise<DocumentView> {
    const sourceKey = `balance:${user.id}:request:${idempotencyKey}`;
    const existing = await repo.documentBySourceKey(this.db, sourceKey);
    if (existing) return (await views(this.deps.database, [existing]))[0]!;
    if (!this.deps.issuer.available) throw unavailable('document_unavailable');
    const now = this.deps.clock.now();
    const to = jstDate(now);
    // Each one is a PDF drawn and kept for good: a few a day is what a customer needs, not a loop's worth.
    if ((await repo.requestedSince(this.db, user.id, jstMs(to, 0, 0))) >= BALANCE_REQUESTS_PER_DAY) {
      throw ruleBroken('document_request_limit', { limit: BALANCE_REQUESTS_PER_DAY });
    }
    const input = await balanceInput(this.deps.reports, user.id, { from: quarterOf(to).from, to, asOf: now, period: 'request', sourceKey });
    await this.deps.issuer.issue(input, now);
    const row = await repo.documentBySourceKey(this.db, sourceKey);
    if (!row) throw unavailable();
    return (await views(this.deps.database, [row]))[0]!;
  }

  /** This year's 特定口座年間取引報告書 so far, rendered now and not stored (marked プレビュー). */
  async annualPreview(user: AuthUser): Promise<Response> {
    if (!this.deps.renderer.available) throw unavailable('document_unavailable');
    const now = this.deps.clock.now();
    const year = Number(jstDate(now).slice(0, 4));
    const facts = await annualFacts(this.deps.reports, user.id, year, true);
    const model = annualReportModel(facts, {
      number: PREVIEW_NUMBER,
      issuedAt: now,
      customer: await customerOf(this.db, user.id),
      operatorAddress: this.deps.operatorAddress,
      simulated: true, // the market source is the simulator (docs/domain.md "Documents and exports")
    });
    return pdfResponse(await this.deps.renderer.render(model), `KB-PREVIEW-${year}`, false);
  }

  private async owned(user: AuthUser, id: string): Promise<DocumentTable> {
    const row = await repo.findDocument(this.db, id);
    if (!row || row.user_id !== user.id) throw notFound();
    return row;
  }

  private async bytesOf(row: DocumentTable): Promise<Uint8Array> {
    const bytes = await this.deps.store.get(row.storage_key);
    if (!bytes) throw notFound();
    return bytes;
  }

  private async record(userId: string, version: string, action: 'given' | 'withdrawn'): Promise<void> {
    await repo.insertConsent(this.db, { id: uuidv7(), user_id: userId, version, action, at: this.deps.clock.now() });
  }
}

/** 取引残高報告書 a user may ask for per Tokyo day (the quarterly ones are not counted). */
export const BALANCE_REQUESTS_PER_DAY = 5;

/** A preview is no document: it has no number of its own. */
const PREVIEW_NUMBER = 'PREVIEW';

/**
 * A PDF answer: our own file name (nothing the user typed reaches a header), private and never
 * stored by a cache, not sniffed; the app-wide CSP (src/server/http/app.ts) applies too.
 */
export function pdfResponse(bytes: Uint8Array, name: string, download: boolean): Response {
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${name}.pdf"`,
    },
  });
}

/** A cursor is `<issuedAt>_<id>` of the last row of a page; anything else starts from the top. */
export function parseCursor(cursor: string | undefined): repo.PageCursor | undefined {
  const m = cursor ? /^(\d{1,15})_([0-9a-f-]{36})$/.exec(cursor) : null;
  return m ? { issuedAt: Number(m[1]), id: m[2]! } : undefined;
}

/** The rows as the box shows them, each with the later document correcting it (if any). */
export async function views(database: Database, rows: DocumentTable[]): Promise<DocumentView[]> {
  const corrected = await repo.correctionsOf(database.db, rows.map((r) => r.id));
  return rows.map((r) => documentView(r, corrected.get(r.id) ?? null));
}

export function documentView(r: DocumentTable, correctedBy: string | null): DocumentView {
  return {
    id: r.id,
    kind: r.kind as DocumentKind,
    number: documentNumber(r.id),
    title: JSON.parse(r.title_json) as DocumentTitle,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    issuedAt: Number(r.issued_at),
    size: Number(r.size),
    correctsId: r.corrects_id,
    correctsNumber: r.corrects_id ? documentNumber(r.corrects_id) : null,
    reason: r.reason,
    correctedBy,
    readAt: r.read_at === null ? null : Number(r.read_at),
  };
}

export function consentView(row: DocumentConsentTable | undefined, operatorAddress: string): ConsentView {
  const given = row?.action === 'given';
  return {
    version: given ? row.version : null,
    givenAt: given ? Number(row.at) : null,
    withdrawnAt: row && !given ? Number(row.at) : null,
    currentVersion: CONSENT_VERSION,
    paperAddress: operatorAddress,
  };
}
