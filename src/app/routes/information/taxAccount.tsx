import { createFileRoute } from '@tanstack/react-router';
import { TaxAccountScreen } from '../../features/tax-account/TaxAccountScreen';
import { requireSession } from '../-lib/guards';

/** /information/taxAccount: 口座区分, the 特定口座 and its 源泉徴収 choice (src/app/features/tax-account). */
export const Route = createFileRoute('/information/taxAccount')({
  staticData: { name: 'taxAccount' },
  beforeLoad: requireSession,
  component: TaxAccountScreen,
});
