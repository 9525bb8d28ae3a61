import { createFileRoute } from '@tanstack/react-router';
import { ReLoginScreen } from '../../features/account/ReLoginScreen';
import { optionalEnum, redirectSearch } from '../-lib/search';

/** Why the user signs in again besides an ended session: `payout`, a payout destination change needs a recent sign-in. */
const RELOGIN_REASONS = ['payout'] as const;

/** /login/reLogin — the session ended, or a command needs a recent sign-in: sign in again (phone prefilled when known). */
export const Route = createFileRoute('/login/reLogin')({
  staticData: { name: 'reLogin' },
  validateSearch: (s: Record<string, unknown>) => ({ ...redirectSearch(s), reason: optionalEnum(s.reason, RELOGIN_REASONS) }),
  component: ReLoginScreen,
});
