import { createFileRoute } from '@tanstack/react-router';
import { NisaScreen } from '../../features/tax-account/NisaScreen';
import { requireSession } from '../-lib/guards';

/** /information/nisa: NISA, its room or its application (src/app/features/tax-account). */
export const Route = createFileRoute('/information/nisa')({
  staticData: { name: 'nisa' },
  beforeLoad: requireSession,
  component: NisaScreen,
});
