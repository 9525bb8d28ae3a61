import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import * as icons from '../../components/icons';
import { PositionDetail } from '../../features/trade/PositionDetail';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /trade/positionDetail?id= — one order / position: every field, notices, close and cancel. */
export const Route = createFileRoute('/trade/positionDetail')({
  staticData: { name: 'positionDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: PositionDetailScreen,
});

function PositionDetailScreen() {
  const { t } = useLingui();
  const { id } = Route.useSearch();
  return (
    <Page title={t`建玉詳細`} fallback="/trade/index">
      {id ? <PositionDetail id={id} /> : <EmptyView icon={icons.inbox} text={<Trans>表示する注文が指定されていません</Trans>} />}
    </Page>
  );
}
