import { createFileRoute } from '@tanstack/react-router';
import { AdminConfigScreen } from '../../features/admin/ConfigScreen';

/** /admin/config — settings by group, with bounds. */
export const Route = createFileRoute('/admin/config')({
  staticData: { name: 'adminConfig' },
  component: AdminConfigScreen,
});
