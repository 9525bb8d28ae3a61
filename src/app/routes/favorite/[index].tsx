import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /favorite/index — the watchlist, kept alive; not built yet. */
export const Route = createFileRoute('/favorite/index')({
  staticData: { name: 'favorite' },
  beforeLoad: requireSession,
  component: FavoriteScreen,
});

function FavoriteScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`お気に入り`} />;
}
