import { createFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../../features/admin/AdminShell';
import { AdminPasskeyGate } from '../../features/account/AdminPasskeyGate';
import { requireAdmin } from '../-lib/guards';

/**
 * /admin — the back office shell (its own lazy chunk, admins only; the server checks every call
 * too). It opens to an admin's passkey session; a password session sees the first-setup path.
 */
export const Route = createFileRoute('/admin')({
  staticData: { name: 'admin' },
  beforeLoad: requireAdmin,
  component: AdminRoute,
});

function AdminRoute() {
  return (
    <AdminPasskeyGate>
      <AdminShell />
    </AdminPasskeyGate>
  );
}
