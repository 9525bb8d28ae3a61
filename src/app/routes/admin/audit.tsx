import { createFileRoute } from '@tanstack/react-router';
import { AdminAuditScreen } from '../../features/admin/AuditScreen';
import { auditSearch } from '../-lib/search';

/** /admin/audit?admin=&target=&action= — the audit log, filtered. */
export const Route = createFileRoute('/admin/audit')({
  staticData: { name: 'adminAudit' },
  validateSearch: auditSearch,
  component: AdminAuditScreen,
});
