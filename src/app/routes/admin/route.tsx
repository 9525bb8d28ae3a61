import { createFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../../features/admin/AdminShell';
import { requireAdmin } from '../-lib/guards';

/** /admin — the back office shell (its own lazy chunk, admins only; the server checks every call too). */
export const Route = createFileRoute('/admin')({
  staticData: { name: 'admin' },
  beforeLoad: requireAdmin,
  component: AdminShell,
});
