import { createFileRoute } from '@tanstack/react-router';
import { AdminDocumentsScreen } from '../../features/documents/AdminDocumentsScreen';
import { userIdSearch } from '../-lib/search';

/** /admin/documents — a user's documents with delivery and read status; open (audited) and reissue with a reason. */
export const Route = createFileRoute('/admin/documents')({
  staticData: { name: 'adminDocuments' },
  validateSearch: userIdSearch,
  component: AdminDocumentsScreen,
});
