import { createFileRoute } from '@tanstack/react-router';
import { AdminSupportScreen } from '../../features/messaging/AdminSupportScreen';

/** /admin/support — the support inbox: every user's chat thread, live. */
export const Route = createFileRoute('/admin/support')({
  staticData: { name: 'adminSupport' },
  component: AdminSupportScreen,
});
