/**
 * Row shapes of the documents area's tables (migration 2026-12-02-001-documents), added to the
 * database's typed schema by interface merging (docs/decisions/022).
 */
export interface DocumentTable {
  id: string;
  user_id: string;
  /** DocumentKind (shared/domain/documents.ts). */
  kind: string;
  /** What the document is of, unique: `entry:<journal id>`, `trust:<order id>`, `balance:<user>:<from>:<to>`, `annual:<user>:<year>`; a reissue appends `#r<n>`. */
  source_key: string;
  /** The period a report covers (Tokyo dates); a 取引報告書's trade date in both. */
  period_from: string | null;
  period_to: string | null;
  /** The stock code or fund code of a 取引報告書. */
  code: string | null;
  /** JSON DocumentTitle: what the list shows without opening the PDF. */
  title_json: string;
  /** The PDF's key in the FileStore (platform/uploads). */
  storage_key: string;
  size: number;
  sha256: string;
  /** A correction names the document it corrects, with the reason (a reissue by an admin). */
  corrects_id: string | null;
  reason: string | null;
  /** The admin who reissued it; null when a job or the owner's request issued it. */
  issued_by: string | null;
  issued_at: number;
  /** When the owner first opened it (an admin's reading does not count). */
  read_at: number | null;
}

export interface DocumentConsentTable {
  id: string;
  user_id: string;
  /** CONSENT_VERSION the user agreed to (or withdrew from). */
  version: string;
  /** 'given' | 'withdrawn'. */
  action: string;
  at: number;
}

declare module '../../db/schema' {
  interface DB {
    document: DocumentTable;
    document_consent: DocumentConsentTable;
  }
}
