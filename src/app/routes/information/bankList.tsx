import { createFileRoute } from '@tanstack/react-router';
import { BankListScreen } from '../../features/cash/BankListScreen';
import { requireSession } from '../-lib/guards';

/** /information/bankList — the user's bank accounts (masked), add and delete. */
export const Route = createFileRoute('/information/bankList')({
  staticData: { name: 'bankList' },
  beforeLoad: requireSession,
  component: BankListScreen,
});
