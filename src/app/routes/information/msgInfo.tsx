import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../features/messaging/MessagesScreen';
import { requireSession } from '../-lib/guards';

/** /information/msgInfo — the user's messages (fills, money, identity, support replies, price alerts). */
export const Route = createFileRoute('/information/msgInfo')({
  staticData: { name: 'msgInfo' },
  beforeLoad: requireSession,
  component: MessagesScreen,
});
