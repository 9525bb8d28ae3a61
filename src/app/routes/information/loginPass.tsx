import { createFileRoute } from '@tanstack/react-router';
import { LoginPassScreen } from '../../features/account/LoginPassScreen';
import { requireSession } from '../-lib/guards';

/** /information/loginPass — change the login password (old, new, repeat). */
export const Route = createFileRoute('/information/loginPass')({
  staticData: { name: 'loginPass' },
  beforeLoad: requireSession,
  component: LoginPassScreen,
});
