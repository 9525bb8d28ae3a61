import { useEffect, useRef } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustAdminFund } from '../../../shared/api/trusts';
import { formatIsoDate, formatMoney } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { Eligibility, fundName, FundStatus, ppmText, StrikeStatus, trustFundsQuery } from './AdminTrustParts';
import { AdminTrustDetail } from './AdminTrustDetail';
import './admin-trusts.css';

/**
 * 投資信託 in the back office (docs/domain.md "Investment trusts and 積立"): the catalogue with each
 * fund's 基準価額, 純資産総額, fees, NISA eligibility, status, NAV strike status (a strike due since a
 * business day is highlighted) and pending orders; choosing a fund (?id=) shows its last 30 strikes
 * and the changes an admin may make (fees, the designated-index flag, suspension), each with a reason.
 */
export function AdminTrustsScreen() {
  const { t } = useLingui();
  const { id } = useSearch({ from: '/admin/trusts' });
  const funds = useQuery(trustFundsQuery());
  const rows = funds.data?.items ?? [];
  const open = id ? rows.find((f) => f.id === id) : undefined;
  const due = rows.filter((f) => f.strikeDue !== null).length;
  const detail = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) detail.current?.scrollIntoView({ block: 'start' });
    // Scroll once per chosen fund, not on each refetch of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open?.id]);
  return (
    <section className="admin-screen" aria-labelledby="admin-trusts-h">
      <h2 id="admin-trusts-h" className="admin-screen__title">
        <Trans>投資信託</Trans>
      </h2>
      <p className="admin-note">
        <Trans>基準価額はシミュレーションです。毎営業日17:00（日本時間）以降に、その日の終値から算出します。</Trans>
      </p>
      <section className="admin-card" aria-labelledby="trusts-h">
        <h3 id="trusts-h" className="admin-card__title">
          <Trans>ファンド一覧</Trans>{' '}
          {due > 0 ? (
            <span className="admin-tag admin-tag--warn">
              <Trans>未算出 {due}本</Trans>
            </span>
          ) : null}
        </h3>
        {funds.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : rows.length === 0 ? (
          <EmptyView compact text={<Trans>ファンドはまだありません</Trans>} />
        ) : (
          <div className="admin-scroll">
            <table className="admin-table admin-trusts" data-testid="admin-trusts">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>ファンド</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>基準価額</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>純資産総額</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>信託報酬 / 購入時 / 留保額</Trans>
                  </th>
                  <th scope="col">
                    <Trans>NISA</Trans>
                  </th>
                  <th scope="col">
                    <Trans>算出状況</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>約定待ち</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((f) => (
                  <FundRow key={f.id} f={f} selected={f.id === id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {id && !funds.isPending && !open ? <EmptyView compact text={<Trans>このファンドは見つかりません</Trans>} /> : null}
      {open ? (
        <div ref={detail} className="admin-trust-detail">
          <AdminTrustDetail key={open.id} f={open} />
        </div>
      ) : rows.length > 0 ? (
        <p className="admin-note">
          <Trans>ファンドを選ぶと、直近30回の基準価額算出と変更の操作が表示されます。</Trans>
        </p>
      ) : null}
    </section>
  );
}

function FundRow({ f, selected }: { f: TrustAdminFund; selected: boolean }) {
  const { i18n } = useLingui();
  const reserved = formatMoney(f.pendingReserved);
  return (
    <tr className={selected ? 'admin-trusts__row admin-trusts__row--open' : 'admin-trusts__row'} data-testid={`admin-trust-${f.id}`} data-due={f.strikeDue ? '1' : '0'}>
      <td className="admin-trusts__fund">
        <Link to="/admin/trusts" search={{ id: f.id }} className="admin-table__link mono" aria-current={selected ? 'true' : undefined}>
          {f.code}
        </Link>{' '}
        <FundStatus f={f} />
        {f.strikeDue ? (
          <span className="admin-trusts__phone-only">
            <StrikeStatus f={f} />
          </span>
        ) : null}
        <span className="admin-table__name admin-trusts__name">{fundName(f, i18n.locale)}</span>
        {f.status === 'suspended' && f.statusReason ? <span className="admin-table__name admin-trusts__name">{f.statusReason}</span> : null}
      </td>
      <td className="num mono">
        {formatMoney(f.nav)}
        <span className="admin-table__name">{f.navDate ? formatIsoDate(f.navDate) : '—'}</span>
      </td>
      <td className="num mono">{formatMoney(f.assets)}</td>
      <td className="num mono">
        {ppmText(f.trustFeePpm)} / {ppmText(f.purchaseFeePpm)} / {ppmText(f.retentionPpm)}
      </td>
      <td className="admin-trusts__nisa">
        <Eligibility f={f} />
      </td>
      <td className={f.strikeDue ? 'admin-trusts__due' : undefined}>
        <StrikeStatus f={f} />
      </td>
      <td className="num mono">
        {f.pendingOrders > 0 ? (
          <>
            {f.pendingOrders}
            <span className="admin-table__name">{reserved}</span>
          </>
        ) : (
          '0'
        )}
      </td>
    </tr>
  );
}
