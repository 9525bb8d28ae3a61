import { createFileRoute } from '@tanstack/react-router';
import { DepositChannelScreen } from '../../features/cash/DepositScreen';
import { requireSession } from '../-lib/guards';

/** /information/rechargeChannel — the deposit channels with the operator account or address to send to. */
export const Route = createFileRoute('/information/rechargeChannel')({
  staticData: { name: 'rechargeChannel' },
  beforeLoad: requireSession,
  component: DepositChannelScreen,
});
