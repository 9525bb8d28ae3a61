import { createFileRoute } from '@tanstack/react-router';
import { AddBankCardScreen } from '../../features/cash/AddBankCardScreen';
import { requireSession } from '../-lib/guards';

/** /information/addBankCard — register an own-name bank account from the Zengin list. */
export const Route = createFileRoute('/information/addBankCard')({
  staticData: { name: 'addBankCard' },
  beforeLoad: requireSession,
  component: AddBankCardScreen,
});
