import { createFileRoute } from '@tanstack/react-router';
import { WelcomeScreen } from '../../features/account/WelcomeScreen';

/** /login/start1 — welcome screen: sign in or register. */
export const Route = createFileRoute('/login/start1')({
  staticData: { name: 'start1' },
  component: WelcomeScreen,
});
