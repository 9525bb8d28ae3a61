import { createFileRoute } from '@tanstack/react-router';
import { StartScreen } from '../../features/account/StartScreen';

/** /login/start — startup splash with the title and logo of `common/config`, then login or home. */
export const Route = createFileRoute('/login/start')({
  staticData: { name: 'start' },
  component: StartScreen,
});
