import { createFileRoute } from '@tanstack/react-router';
import { AdminOfferingsScreen } from '../../features/ipo/AdminOfferingsScreen';

/** /admin/ipo — IPO, public offerings and placements: create (audited) and follow their phases. */
export const Route = createFileRoute('/admin/ipo')({
  staticData: { name: 'adminIpo' },
  component: AdminOfferingsScreen,
});
