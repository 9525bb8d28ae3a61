import { createFileRoute } from '@tanstack/react-router';
import { UserInfoScreen } from '../../features/account/UserInfoScreen';
import { requireSession } from '../-lib/guards';

/** /information/userInfo — the account as the server knows it. */
export const Route = createFileRoute('/information/userInfo')({
  staticData: { name: 'userInfo' },
  beforeLoad: requireSession,
  component: UserInfoScreen,
});
