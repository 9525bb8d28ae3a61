import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/account/LoginScreen';
import { redirectSearch } from '../-lib/search';

/** /login/login — sign in with phone and password. */
export const Route = createFileRoute('/login/login')({
  staticData: { name: 'login' },
  validateSearch: redirectSearch,
  component: LoginScreen,
});
