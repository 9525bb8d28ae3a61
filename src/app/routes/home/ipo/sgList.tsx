import { createFileRoute } from '@tanstack/react-router';
import { SgListScreen } from '../../../features/ipo/ApplicationScreens';
import { requireSession } from '../../-lib/guards';

/** /home/ipo/sgList — the user's applications and results. */
export const Route = createFileRoute('/home/ipo/sgList')({
  staticData: { name: 'sgList' },
  beforeLoad: requireSession,
  component: SgListScreen,
});
