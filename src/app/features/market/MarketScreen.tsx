import { Suspense, lazy } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/market-icons';
import { SimNote } from './parts';
import { useAfterPaint } from '../../components/after-paint';
import type { MarketSearch, Sort, Tab } from './MarketBoards';
import { UpDownSetting } from './controls';
import { fullCatalog } from '../../i18n';

// A start here draws the top with the boot catalog; the boards wait for the full one as well as
// for their code (src/app/i18n/index.ts BOOT_PATHS).
const MarketBoards = lazy(() => Promise.all([import('./MarketBoards'), fullCatalog()]).then(([m]) => m));

/** /market/index — kept alive. The six market tabs with live, virtualized boards. */
export function MarketScreen() {
  const { t } = useLingui();
  // Kept alive: rendered outside its route match too (routes/-lib/keep-alive.ts), so read the search softly.
  const search = useSearch({ from: '/market/index', shouldThrow: false });
  const navigate = useNavigate();
  const tab: Tab = search?.tab ?? 'listed';
  const sort: Sort = search?.sort ?? 'changeBp';
  const order = search?.order ?? 'desc';

  const setSearch = (next: MarketSearch) =>
    void navigate({ to: '/market/index', search: { tab, sort, order, ...next }, replace: true, resetScroll: false });

  // The top bar and the note paint first; the ticker, tabs and board (their own chunk) after that
  // frame, so the note's paint waits for neither their code nor their render.
  const painted = useAfterPaint();

  return (
    <Page
      title={t`マーケット`}
      fallback="/home/index"
      right={
        <Link to="/favorite/search" className="icon-btn" aria-label={t`銘柄検索`}>
          <Icon d={icons.search} size={22} />
        </Link>
      }
    >
      <div className="head-row">
        <SimNote />
        <UpDownSetting />
      </div>
      {painted ? (
        <Suspense fallback={null}>
          <MarketBoards tab={tab} sort={sort} order={order} setSearch={setSearch} />
        </Suspense>
      ) : null}
    </Page>
  );
}
