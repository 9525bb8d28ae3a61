import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/HomeScreen';
import { requireSession } from '../-lib/guards';

/** /home/index — tab screen, kept alive: indices, shortcuts, the user's positions, block-trade offers. */
export const Route = createFileRoute('/home/index')({
  staticData: { name: 'home' },
  beforeLoad: requireSession,
  component: HomeScreen,
});
