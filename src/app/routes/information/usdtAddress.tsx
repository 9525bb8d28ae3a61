import { createFileRoute } from '@tanstack/react-router';
import { UsdtAddressScreen } from '../../features/cash/UsdtAddressScreen';
import { requireSession } from '../-lib/guards';

/** /information/usdtAddress — USDT addresses (TRC20 / ERC20) with format and checksum checks. */
export const Route = createFileRoute('/information/usdtAddress')({
  staticData: { name: 'usdtAddress' },
  beforeLoad: requireSession,
  component: UsdtAddressScreen,
});
