import { createFileRoute } from '@tanstack/react-router';
import { AdminNewsScreen } from '../../features/messaging/AdminNewsScreen';

/** /admin/news — the news desk: articles per language (Markdown), audited. */
export const Route = createFileRoute('/admin/news')({
  staticData: { name: 'adminNews' },
  component: AdminNewsScreen,
});
