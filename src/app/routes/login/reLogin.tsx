import { createFileRoute } from '@tanstack/react-router';
import { ReLoginScreen } from '../../features/account/ReLoginScreen';
import { redirectSearch } from '../-lib/search';

/** /login/reLogin — the session ended: sign in again (phone prefilled when known). */
export const Route = createFileRoute('/login/reLogin')({
  staticData: { name: 'reLogin' },
  validateSearch: redirectSearch,
  component: ReLoginScreen,
});
