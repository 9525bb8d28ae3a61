import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../i18n/format';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { fundsSummaryQuery } from './api';
import { Amount } from './Amount';
import './funds.css';

/** Mine screen's assets (spec §3 Funds): every figure from `funds/summary`, i.e. the ledger. */
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
                <Amount value={s.profit} currency={s.currency} />
              </dd>
            </div>
          </dl>
          <p className="assets__note small">
            <Trans>
              損益 = 評価損益 <Amount value={s.unrealizedPnl} currency={s.currency} /> ＋ 確定損益{' '}
              <Amount value={s.realizedPnl} currency={s.currency} />（手数料・金利・税金差引後）
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
