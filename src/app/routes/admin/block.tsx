import { createFileRoute } from '@tanstack/react-router';
import { AdminBlockScreen } from '../../features/block/AdminBlockScreen';

/** /admin/block — block-trade offers: create within the price band, close. */
export const Route = createFileRoute('/admin/block')({
  staticData: { name: 'adminBlock' },
  component: AdminBlockScreen,
});
