import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { DayTrading } from '../../features/trade/DayTrading';
import { requireSession } from '../-lib/guards';

/** /home/dayTrading — the day-trade ticket and today's day trades with the auto-close countdown. */
export const Route = createFileRoute('/home/dayTrading')({
  staticData: { name: 'dayTrading' },
  beforeLoad: requireSession,
  component: DayTradingScreen,
});

function DayTradingScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`デイトレード`}>
      <DayTrading />
    </Page>
  );
}
