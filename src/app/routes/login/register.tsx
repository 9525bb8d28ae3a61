import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../../features/account/RegisterScreen';
import { inviteSearch } from '../-lib/search';

/** /login/register — phone, password twice, invitation code, privacy agreement. */
export const Route = createFileRoute('/login/register')({
  staticData: { name: 'register' },
  validateSearch: inviteSearch,
  component: RegisterScreen,
});
