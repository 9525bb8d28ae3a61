import { createFileRoute } from '@tanstack/react-router';
import { SupportScreen } from '../../features/messaging/SupportScreen';
import { requireSession } from '../-lib/guards';

/** /information/service — customer service (客服): the user's chat with staff, live. */
export const Route = createFileRoute('/information/service')({
  staticData: { name: 'service' },
  beforeLoad: requireSession,
  component: SupportScreen,
});
