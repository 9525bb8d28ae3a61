import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MessageParams } from '../../../shared/api/envelope';
import { plansAdminApi, type PlanRunAdminItem } from '../../../shared/api/plans';
import type { TrustAdminFund } from '../../../shared/api/trusts';
import type { PlanSkipReason } from '../../../shared/domain/plan';
import { formatDateTime, formatIsoDate, formatMoney } from '../../../shared/money';
import { endpointInfiniteQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import { fundName, trustFundsQuery } from './AdminTrustParts';
import type { Lang } from '../../i18n/languages';
import { getLanguage } from '../../storage';
import './admin-trusts.css';

/*
 * 積立の実行 (docs/domain.md "Investment trusts and 積立", 積立 plans): every plan run, newest first —
 * by default the skipped ones (no cash, no NISA room, a suspended fund, a halted stock…), for
 * following up a user whose plan keeps failing. A skipped run never made a debt; the user was told.
 */

type Filter = 'skipped' | 'all';
const PAGE = 30;

const runsQuery = (status: Filter) => endpointInfiniteQuery(plansAdminApi.runs, { query: { status, limit: PAGE } }, { staleTime: 5_000, meta: { persist: false } });

const SKIP_REASON_TEXT: Record<PlanSkipReason, MessageDescriptor> = {
  insufficient_cash: msg({ message: '買付余力不足' }),
  nisa_room: msg({ message: 'NISA枠の不足' }),
  fund_suspended: msg({ message: 'ファンドの受付停止' }),
  not_eligible: msg({ message: 'この口座区分では買付不可' }),
  stock_untradable: msg({ message: '銘柄が売買停止・取引不可' }),
  account_restricted: msg({ message: '口座の取引制限' }),
  order_refused: msg({ message: '注文が受け付けられず' }),
};

type Translate = (msg: string, params?: MessageParams, lang?: Lang | null) => string;

/**
 * The server's refusal behind a skip (`params.id` and its params, as the order would have been
 * answered), translated. The message table loads on first use, as the app's toasts load it.
 */
function useRefusalText(): (params: Record<string, unknown> | null) => string {
  const [translate, setTranslate] = useState<Translate | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../i18n/translate').then((m) => live && setTranslate(() => m.translateMessage));
    return () => {
      live = false;
    };
  }, []);
  return (params) => {
    if (!translate || !params || typeof params.id !== 'string') return '';
    const { id, ...rest } = params;
    return translate(id, rest as MessageParams, getLanguage());
  };
}

export function AdminPlanRunsScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<Filter>('skipped');
  const runs = useInfiniteQuery(runsQuery(filter));
  const funds = useQuery(trustFundsQuery());
  const rows = runs.data?.pages.flatMap((p) => p.items) ?? [];
  const fundById = new Map((funds.data?.items ?? []).map((f) => [f.id, f]));
  const refusal = useRefusalText();
  return (
    <section className="admin-screen" aria-labelledby="admin-plan-runs-h">
      <h2 id="admin-plan-runs-h" className="admin-screen__title">
        <Trans>積立の実行</Trans>
      </h2>
      <div className="admin-runs__filter">
        <Segmented
          label={t`表示`}
          value={filter}
          options={[
            { value: 'skipped', label: <Trans>見送りのみ</Trans> },
            { value: 'all', label: <Trans>すべて</Trans> },
          ]}
          onChange={(v) => setFilter(v)}
        />
      </div>
      <p className="admin-note">
        <Trans>見送られた回は借入にならず、利用者にはメッセージと取引記録で知らせています。</Trans>
      </p>
      {runs.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : rows.length === 0 ? (
        <EmptyView compact text={filter === 'skipped' ? <Trans>見送られた積立はありません</Trans> : <Trans>積立の実行はまだありません</Trans>} />
      ) : (
        <div className="admin-card">
          <div className="admin-scroll">
            <table className="admin-table" data-testid="admin-plan-runs">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>実行日</Trans>
                  </th>
                  <th scope="col">
                    <Trans>結果</Trans>
                  </th>
                  <th scope="col">
                    <Trans>理由</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>金額</Trans>
                  </th>
                  <th scope="col">
                    <Trans>利用者</Trans>
                  </th>
                  <th scope="col">
                    <Trans>種類</Trans>
                  </th>
                  <th scope="col">
                    <Trans>対象</Trans>
                  </th>
                  <th scope="col" className="admin-table__wide">
                    <Trans>記録日時</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <RunRow key={r.id} r={r} fund={r.kind === 'fund' ? fundById.get(r.target) : undefined} detail={r.status === 'skipped' ? refusal(r.params) : ''} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {runs.hasNextPage ? (
        <button type="button" className="btn btn--secondary" disabled={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </section>
  );
}

function RunRow({ r, fund, detail }: { r: PlanRunAdminItem; fund: Pick<TrustAdminFund, 'code' | 'names'> | undefined; detail: string }) {
  const { i18n } = useLingui();
  return (
    <tr data-testid="plan-run" data-status={r.status}>
      <td className="mono">{formatIsoDate(r.runDate)}</td>
      <td>
        {r.status === 'ordered' ? (
          <span className="admin-tag admin-tag--ok">
            <Trans>発注</Trans>
          </span>
        ) : (
          <span className="admin-tag admin-tag--warn">
            <Trans>見送り</Trans>
          </span>
        )}
      </td>
      <td>
        {r.reason ? i18n._(SKIP_REASON_TEXT[r.reason]) : '—'}
        {detail ? <span className="admin-runs__detail admin-note">{detail}</span> : null}
      </td>
      <td className="num mono">{r.amount !== null ? formatMoney(r.amount) : '—'}</td>
      <td>
        <Link to="/admin/user" search={{ id: r.userId }} className="admin-table__link mono">
          {r.phone}
        </Link>
      </td>
      <td>{r.kind === 'fund' ? <Trans>投資信託</Trans> : <Trans>株式</Trans>}</td>
      <td>
        {fund ? (
          <>
            <Link to="/admin/trusts" search={{ id: r.target }} className="mono link">
              {fund.code}
            </Link>
            <span className="admin-table__name">{fundName(fund, i18n.locale)}</span>
          </>
        ) : (
          <span className="mono">{r.target}</span>
        )}
      </td>
      <td className="admin-table__wide mono admin-note">{formatDateTime(r.createdAt)}</td>
    </tr>
  );
}
