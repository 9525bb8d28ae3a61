import { createFileRoute } from '@tanstack/react-router';
import { AdminKycScreen } from '../../features/kyc/AdminKycScreen';
import { idSearch } from '../-lib/search';

/** /admin/kyc?id= — the 本人確認 review queue; `id` opens one submission. */
export const Route = createFileRoute('/admin/kyc')({
  staticData: { name: 'adminKyc' },
  validateSearch: idSearch,
  component: AdminKycScreen,
});
