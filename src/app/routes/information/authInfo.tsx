import { createFileRoute } from '@tanstack/react-router';
import { AuthInfoScreen } from '../../features/kyc/AuthInfoScreen';
import { requireSession } from '../-lib/guards';

/** /information/authInfo: 本人確認 (src/app/features/kyc). */
export const Route = createFileRoute('/information/authInfo')({
  staticData: { name: 'authInfo' },
  beforeLoad: requireSession,
  component: AuthInfoScreen,
});
