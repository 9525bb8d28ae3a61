import { createFileRoute } from '@tanstack/react-router';
import { DayTradingScreen } from '../../features/trade/DayTrading';
import { requireSession } from '../-lib/guards';

/** /home/dayTrading — the day-trade ticket and today's day trades with the auto-close countdown. */
export const Route = createFileRoute('/home/dayTrading')({
  staticData: { name: 'dayTrading' },
  beforeLoad: requireSession,
  component: DayTradingScreen,
});
