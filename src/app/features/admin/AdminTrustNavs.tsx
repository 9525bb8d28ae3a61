import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatIsoDate, formatInt, formatMoney } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { trustNavsQuery } from './AdminTrustParts';

/**
 * A fund's last 30 strikes, newest first, with what each was struck from (docs/domain.md "Investment
 * trusts and 積立", the strike): assets before the 信託報酬, the fee, the calendar days accrued, the
 * distribution per 10,000口, and the assets and units after the day's orders.
 */
export function AdminTrustNavs({ id }: { id: string }) {
  const { t } = useLingui();
  const navs = useQuery(trustNavsQuery(id));
  const rows = navs.data?.items ?? [];
  return (
    <section className="admin-card" aria-labelledby={`navs-${id}-h`}>
      <h3 id={`navs-${id}-h`} className="admin-card__title">
        <Trans>基準価額の算出（直近30回）</Trans>
      </h3>
      {navs.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : rows.length === 0 ? (
        <EmptyView compact text={<Trans>まだ算出されていません</Trans>} />
      ) : (
        <div className="admin-scroll">
          <table className="admin-table" data-testid="admin-trust-navs">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>基準日</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>基準価額</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>報酬控除前の総額</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>信託報酬</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>日数</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>分配金</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>純資産総額</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>総口数</Trans>
                </th>
                <th scope="col" className="admin-table__wide">
                  <Trans>算出日時</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => (
                <tr key={n.date}>
                  <td className="mono">{formatIsoDate(n.date)}</td>
                  <td className="num mono">{formatMoney(n.nav)}</td>
                  <td className="num mono">{formatMoney(n.grossAssets)}</td>
                  <td className="num mono">{formatMoney(n.fee)}</td>
                  <td className="num mono">{n.days}</td>
                  <td className="num mono">{n.distribution > 0 ? formatMoney(n.distribution) : '—'}</td>
                  <td className="num mono">{formatMoney(n.assets)}</td>
                  <td className="num mono">{formatInt(n.units)}</td>
                  <td className="admin-table__wide mono admin-note">{formatDateTime(n.struckAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-note">
        <Trans>基準価額と分配金は1万口あたり。保有者のいないファンドは1万口とみなして算出するため、報酬控除前の総額はその1万口分の額です。</Trans>
      </p>
    </section>
  );
}
