import { rawRoute, route } from '../module';
import { documentsApi } from '../../../shared/api/documents';
import type { DocumentService } from './service';
import type { DocumentExports } from './exports';

/**
 * The document box (docs/domain.md "Documents and exports"): one line per endpoint. The PDFs and
 * the CSV exports answer bytes (rawRoute); failures still answer the envelope.
 */
export function documentsRoutes(documents: DocumentService, exports: DocumentExports) {
  return [
    route(documentsApi.list, ({ user, query }) => documents.list(user, query)),
    rawRoute(documentsApi.pdf, ({ user, params, query }) => documents.pdf(user, params.id, query.download === '1')),
    route(documentsApi.markRead, ({ user, params }) => documents.markRead(user, params.id)),
    route(documentsApi.consent, ({ user }) => documents.consent(user)),
    route(documentsApi.giveConsent, ({ user, body }) => documents.giveConsent(user, body.version)),
    route(documentsApi.withdrawConsent, ({ user }) => documents.withdrawConsent(user)),
    route(documentsApi.requestBalance, ({ user, idempotencyKey }) => documents.requestBalance(user, idempotencyKey)),
    rawRoute(documentsApi.annualPreview, ({ user }) => documents.annualPreview(user)),
    // CSV exports (exports.ts):
    rawRoute(documentsApi.exportCsv, ({ user, params, query }) => exports.csv(user, params.kind, query)),
  ];
}
