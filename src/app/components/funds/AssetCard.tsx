import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { fundsApi } from '../../../shared/api/funds';
import { formatMoney } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { EmptyView } from '../EmptyView';
import { LoadingPane } from '../Spinner';
import { Signed } from '../Signed';
import * as icons from '../icons';
import './AssetCard.css';

/** Total assets, available, frozen, profit (`GET funds/summary`): from the ledger and live prices; refreshed while shown. */
export function fundsSummaryQuery() {
  return endpointQuery(fundsApi.summary, {}, { staleTime: 5_000, refetchInterval: 15_000 });
}

/** The mine screen's assets: every figure from `funds/summary`, i.e. the ledger. */
export function AssetCard() {
  const { t } = useLingui();
  const query = useQuery(fundsSummaryQuery());
  const s = query.data;
  return (
    <section className="card assets" aria-label={t`資産`}>
      <h2 className="card__title">
        <Trans>資産</Trans>
      </h2>
      {s ? (
        <>
          <div className="assets__total">
            <span className="assets__label">
              <Trans>総資産</Trans>
            </span>
            <span className="assets__big mono" data-testid="total-assets">
              {formatMoney(s.totalAssets, s.currency)}
            </span>
          </div>
          <dl className="assets__grid">
            <div>
              <dt>
                <Trans>利用可能額</Trans>
              </dt>
              <dd className="mono" data-testid="available">
                {formatMoney(s.available, s.currency)}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>拘束中</Trans>
              </dt>
              <dd className="mono">{formatMoney(s.frozen, s.currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>証拠金</Trans>
              </dt>
              <dd className="mono">{formatMoney(s.margin, s.currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>損益</Trans>
              </dt>
              <dd>
                <Signed value={s.profit} currency={s.currency} strong={false} />
              </dd>
            </div>
          </dl>
          <p className="assets__note small">
            <Trans>
              損益 = 評価損益 <Signed value={s.unrealizedPnl} currency={s.currency} strong={false} /> ＋ 確定損益{' '}
              <Signed value={s.realizedPnl} currency={s.currency} strong={false} />（手数料・金利・税金差引後）
            </Trans>
          </p>
          {s.balances.filter((b) => b.currency !== s.currency && b.total !== 0).length > 0 ? (
            <ul className="assets__ccy small">
              {s.balances
                .filter((b) => b.currency !== s.currency && b.total !== 0)
                .map((b) => (
                  <li key={b.currency}>
                    <span>{b.currency}</span> <span className="mono">{formatMoney(b.total, b.currency)}</span>
                  </li>
                ))}
            </ul>
          ) : null}
        </>
      ) : query.isError ? (
        <EmptyView compact icon={icons.wallet} text={<Trans>資産情報を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
      ) : (
        <LoadingPane />
      )}
    </section>
  );
}
