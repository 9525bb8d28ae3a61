import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { formatInt, formatTickPrice } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { EmptyView } from '../../components/EmptyView';
import { Signed } from '../../components/Signed';
import { BUSINESS_TEXT, STATUS_TEXT, sideText } from '../trade';
import type { AdminUserDetail } from './api';

/** The user's open orders and positions. */
export function UserPositionsCard({ user }: { user: AdminUserDetail }) {
  const { i18n } = useLinguiCore();
  return (
    <section className="admin-card admin-card--full" aria-labelledby="u-pos">
      <h3 id="u-pos" className="admin-card__title">
        <Trans>未決済の注文・建玉（{user.openPositions}件）</Trans>
      </h3>
      {user.positions.length === 0 ? (
        <EmptyView compact text={<Trans>未決済の注文・建玉はありません</Trans>} />
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>銘柄</Trans>
                </th>
                <th scope="col">
                  <Trans>区分</Trans>
                </th>
                <th scope="col">
                  <Trans>状態</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>株数</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>約定単価</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>評価損益</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {user.positions.map((p) => (
                <tr key={p.id}>
                  <td>
                    <span className="mono">{p.code}</span>
                    <span className="admin-table__name">{displayName({ code: p.code, nameJa: p.name, nameEn: p.nameEn }, i18n.locale)}</span>
                  </td>
                  <td>
                    {i18n._(sideText(p))}
                    {p.businessType !== 'stock' ? <span className="admin-note"> {i18n._(BUSINESS_TEXT[p.businessType])}</span> : null}
                  </td>
                  <td>{i18n._(STATUS_TEXT[p.status])}</td>
                  <td className="num mono">{formatInt(p.quantity)}</td>
                  <td className="num mono">{formatTickPrice(p.buyPrice ?? p.limitPrice, p.priceScale)}</td>
                  <td className="num mono"><Signed value={p.netPnl} currency={p.currency} strong={false} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
