import { createFileRoute } from '@tanstack/react-router';
import { LoginAfterScreen } from '../../features/account/LoginAfterScreen';
import { requireSession } from '../-lib/guards';
import { redirectSearch } from '../-lib/search';

/**
 * /login/loginAfter — right after signing in: load the account, then continue to the screen the
 * user came for (or home). A restricted account sees its state and reason first.
 */
export const Route = createFileRoute('/login/loginAfter')({
  staticData: { name: 'loginAfter' },
  validateSearch: redirectSearch,
  beforeLoad: requireSession,
  component: LoginAfterScreen,
});
