/**
 * Documents delivered electronically (電子交付; docs/domain.md "Documents and exports",
 * docs/decisions/027-documents.md): 取引報告書 per execution, 取引残高報告書 each quarter and on
 * request, 特定口座年間取引報告書 each year (PDFs with an embedded Japanese font, immutable once
 * issued), the consent, and the CSV exports. The composition root (src/server/services.ts) builds
 * the services; the module is registered last, so executions of a job run get their documents in it.
 */
import { defineModule } from '../module';
import type { DocumentService } from './service';
import type { DocumentAdmin } from './admin';
import type { DocumentsJob } from './jobs';
import type { DocumentExports } from './exports';
import { documentsRoutes } from './routes';
import { documentsAdminRoutes } from './admin-routes';

export { DocumentService } from './service';
export { DocumentAdmin } from './admin';
export { DocumentIssuer } from './issue';
export { DocumentsJob, type DocumentsJobReport } from './jobs';
export { DocumentExports } from './exports';
export { PdfRenderer, resolveFont } from './pdf';

type Needs = { documents: DocumentService; documentAdmin: DocumentAdmin; documentsJob: DocumentsJob; documentExports: DocumentExports };

export const documentsModule = defineModule<Needs, { documents: DocumentsJob }>({
  name: 'documents',
  routes: (s) => documentsRoutes(s.documents, s.documentExports),
  adminRoutes: (s) => documentsAdminRoutes(s.documentAdmin),
  jobs: (s) => ({ documents: s.documentsJob }),
});
