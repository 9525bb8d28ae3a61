import { createFileRoute } from '@tanstack/react-router';
import { MarginAccountScreen } from '../../features/margin-account/MarginAccountScreen';
import { requireSession } from '../-lib/guards';

/** /information/marginAccount: 信用取引口座 (src/app/features/margin-account). */
export const Route = createFileRoute('/information/marginAccount')({
  staticData: { name: 'marginAccount' },
  beforeLoad: requireSession,
  component: MarginAccountScreen,
});
