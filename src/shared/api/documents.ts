import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_TYPES } from '../domain/account-type';
import { DOCUMENT_KINDS, EXECUTION_KINDS, EXPORT_ENCODINGS, EXPORT_KINDS } from '../domain/documents';

/*
 * Documents delivered electronically (電子交付; docs/domain.md "Documents and exports"): the consent,
 * the document box (取引報告書 per execution, 取引残高報告書 each quarter and on request, 特定口座年間
 * 取引報告書 each year and its preview), each document's PDF, and the CSV exports. The PDFs and CSVs
 * are bytes, not the envelope (rawRoute); failures still answer the envelope.
 */

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idParam = z.object({ id: z.string().min(1).max(80) });
const reason = z.string().trim().min(3).max(500);
const year = z.coerce.number().int().min(2000).max(2100);

/** What the list shows of a document without opening it. */
export const documentTitle = z.object({
  /** 取引報告書: the 取引区分, the instrument and the quantity. */
  execution: z.enum(EXECUTION_KINDS).optional(),
  code: z.string().optional(),
  nameJa: z.string().optional(),
  nameEn: z.string().optional(),
  quantity: int.optional(),
  account: z.enum(ACCOUNT_TYPES).optional(),
  /** 年間取引報告書: the year; 取引残高報告書: its quarter label (`2026-Q4`) or `request`. */
  year: int.optional(),
  period: z.string().optional(),
});
export type DocumentTitle = z.infer<typeof documentTitle>;

export const documentView = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The number printed on the document (`KB-` + the id's last 10 characters, upper case). */
  number: z.string(),
  title: documentTitle,
  periodFrom: isoDate.nullable(),
  periodTo: isoDate.nullable(),
  issuedAt: int,
  size: int,
  /** The document this one corrects (a reissue), with the reason printed on it. */
  correctsId: z.string().nullable(),
  correctsNumber: z.string().nullable(),
  reason: z.string().nullable(),
  /** A later document corrects this one. */
  correctedBy: z.string().nullable(),
  readAt: int.nullable(),
});
export type DocumentView = z.infer<typeof documentView>;

export const consentView = z.object({
  /** The version the user agreed to; null when never or withdrawn. */
  version: z.string().nullable(),
  givenAt: int.nullable(),
  withdrawnAt: int.nullable(),
  /** The consent text's current version (a newer one asks again). */
  currentVersion: z.string(),
  /** Where paper delivery is asked for (the operator's address, KABUTO_OPERATOR_ADDRESS). */
  paperAddress: z.string(),
});
export type ConsentView = z.infer<typeof consentView>;

export const documentsApi = {
  list: endpoint({
    method: 'get', path: 'documents', tag: 'documents', auth: 'user',
    summary: 'The document box: issued documents newest first, by kind and year, with unread marks',
    query: z.object({
      kind: z.enum(DOCUMENT_KINDS).optional(),
      year: year.optional(),
      cursor: z.string().max(80).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    data: z.object({ items: z.array(documentView), next: z.string().nullable(), unread: int }),
  }),
  pdf: endpoint({
    method: 'get', path: 'documents/{id}/pdf', tag: 'documents', auth: 'user',
    summary: 'The document’s PDF (not the envelope), to its owner only; opening it does not mark it read (POST …/read)',
    params: idParam,
    query: z.object({ download: z.enum(['0', '1']).default('0') }),
    data: z.object({}).describe('application/pdf'),
  }),
  markRead: endpoint({
    method: 'post', path: 'documents/{id}/read', tag: 'documents', auth: 'user',
    summary: 'Marks a document read (the first reading is kept)',
    params: idParam, body: z.object({}).default({}),
    data: z.object({ readAt: int }),
  }),
  consent: endpoint({
    method: 'get', path: 'documents/consent', tag: 'documents', auth: 'user',
    summary: 'The consent to electronic delivery (電子交付) and where paper delivery is asked for',
    data: consentView,
  }),
  giveConsent: endpoint({
    method: 'post', path: 'documents/consent', tag: 'documents', auth: 'user',
    summary: 'Consents to electronic delivery of the stated version (recorded with its time)',
    body: z.object({ version: z.string().min(1).max(40) }),
    data: consentView,
  }),
  withdrawConsent: endpoint({
    method: 'post', path: 'documents/consent/withdraw', tag: 'documents', auth: 'user',
    summary: 'Withdraws the consent (documents are still issued; paper delivery is asked for at the stated address)',
    body: z.object({}).default({}),
    data: consentView,
  }),
  requestBalance: endpoint({
    method: 'post', path: 'documents/balance-report', tag: 'documents', auth: 'user', idempotent: true,
    summary: 'Issues a 取引残高報告書 now, from the start of the current quarter to today',
    body: z.object({}).default({}),
    data: documentView,
  }),
  annualPreview: endpoint({
    method: 'get', path: 'documents/annual-preview', tag: 'documents', auth: 'user',
    summary: 'The 特定口座年間取引報告書 of the current year so far as a PDF marked preview (not stored)',
    data: z.object({}).describe('application/pdf'),
  }),
  exportCsv: endpoint({
    method: 'get', path: 'documents/export/{kind}', tag: 'documents', auth: 'user',
    summary: 'A CSV export streamed (UTF-8 with BOM or Shift_JIS, Japanese headers; ghostfolio: its import columns); X-Kabuto-Rows tells the row count',
    params: z.object({ kind: z.enum(EXPORT_KINDS) }),
    query: z.object({ encoding: z.enum(EXPORT_ENCODINGS).default('utf8'), year: year.optional() }),
    data: z.object({}).describe('text/csv'),
  }),
};

export const adminDocumentRow = documentView.extend({ userId: z.string(), issuedBy: z.string().nullable() });

export const documentsAdminApi = {
  list: endpoint({
    method: 'get', path: 'admin/documents', tag: 'admin', auth: 'admin',
    summary: 'A user’s documents with delivery and read status, and their consent',
    query: z.object({ userId: z.string().min(1).max(80), kind: z.enum(DOCUMENT_KINDS).optional(), cursor: z.string().max(80).optional() }),
    data: z.object({ items: z.array(adminDocumentRow), next: z.string().nullable(), consent: consentView }),
  }),
  open: endpoint({
    method: 'post', path: 'admin/documents/{id}/open', tag: 'admin', auth: 'admin',
    summary: 'A document’s PDF for an admin, with a reason (audited; not the envelope)',
    params: idParam, body: z.object({ reason }),
    data: z.object({}).describe('application/pdf'),
  }),
  reissue: endpoint({
    method: 'post', path: 'admin/documents/{id}/reissue', tag: 'admin', auth: 'admin',
    summary: 'Reissues a document from today’s records as a correction naming the old one (kept), with a reason (audited)',
    params: idParam, body: z.object({ reason }),
    data: adminDocumentRow,
  }),
};
