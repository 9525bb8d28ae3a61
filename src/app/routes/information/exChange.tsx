import { createFileRoute } from '@tanstack/react-router';
import { ExchangeScreen } from '../../features/fx/ExchangeScreen';
import { requireSession } from '../-lib/guards';

/** /information/exChange (資金振替・両替): the currency exchange screen. */
export const Route = createFileRoute('/information/exChange')({
  staticData: { name: 'exChange' },
  beforeLoad: requireSession,
  component: ExchangeScreen,
});
