import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { RecordList } from '../../features/funds/RecordList';
import { requireSession } from '../-lib/guards';
import { fundRecordSearch, FUND_RECORD_TYPES } from '../-lib/search';

/**
 * /information/fundRecord?type= — the ledger records: trades (every fee and tax its own line),
 * grants, deposits, withdrawals (every step: request, paid, returned, cancelled) and currency exchanges.
 */
export const Route = createFileRoute('/information/fundRecord')({
  staticData: { name: 'fundRecord' },
  beforeLoad: requireSession,
  validateSearch: fundRecordSearch,
  component: FundRecordScreen,
});

type Tab = (typeof FUND_RECORD_TYPES)[number];

function FundRecordScreen() {
  const { t } = useLingui();
  const { type = 'all' } = Route.useSearch();
  const labels: Record<Tab, string> = {
    all: t`すべて`,
    trade: t`取引`,
    trust: t`投資信託`,
    grant: t`付与`,
    fx: t`両替`,
    deposit: t`入金`,
    withdraw: t`出金`,
  };
  return (
    <Page title={t`取引履歴`} fallback="/information/index">
      <nav className="chips chips--fit" aria-label={t`履歴の種類`}>
        {FUND_RECORD_TYPES.map((k) => (
          <Link
            key={k}
            to="/information/fundRecord"
            search={{ type: k === 'all' ? undefined : k }}
            replace
            className={k === type ? 'chip chip--on' : 'chip'}
            aria-current={k === type ? 'page' : undefined}
          >
            {labels[k]}
          </Link>
        ))}
      </nav>
      <RecordList key={type} type={type} />
    </Page>
  );
}
