import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOAN_STATUSES, type LoanStatus } from '../../../shared/api/lending';
import { formatDateTime, formatMoney, HOME_CURRENCY } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { adminLoansQuery } from './api';
import { bpPercent, LOAN_STATUS_TEXT } from './texts';

/*
 * 融資一覧 (docs/domain.md "Loans and stock lending"): the credit-line loans by status with the
 * borrower and the LTV now, and the totals outstanding. Read-only: a loan changes only by the
 * user's borrow and repay commands and the LTV job; rates, tier limits and the channel switch are
 * config items (設定, bounded).
 */
export function AdminLoansScreen() {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<LoanStatus>('borrowed');
  const q = useQuery(adminLoansQuery(status));
  const yen = (n: number) => formatMoney(n, HOME_CURRENCY);
  const totals = q.data?.totals;
  const principal = yen(totals?.principal ?? 0);
  const interest = yen(totals?.interest ?? 0);
  const lent = String(totals?.lentPositions ?? 0);
  return (
    <section className="admin-screen" aria-labelledby="admin-loans-h">
      <h2 id="admin-loans-h" className="admin-screen__title">
        <Trans>融資・貸株</Trans>
      </h2>
      <p className="admin-note" data-testid="admin-loans-totals">
        <Trans>
          借入中の元本 {principal}・未払利息 {interest}・貸出中の株式 {lent}件
        </Trans>
      </p>
      <Segmented
        label={t`状態`}
        value={status}
        options={LOAN_STATUSES.map((s) => ({ value: s, label: i18n._(LOAN_STATUS_TEXT[s]) }))}
        onChange={(v) => setStatus(v as LoanStatus)}
      />
      {!q.data ? (
        q.isError ? <EmptyView compact text={<Trans>情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />
      ) : q.data.items.length === 0 ? (
        <EmptyView compact text={<Trans>該当する融資はありません</Trans>} />
      ) : (
        <div className="admin-scroll">
          <table className="admin-table" data-testid="admin-loans">
            <thead>
              <tr>
                <th>
                  <Trans>利用者</Trans>
                </th>
                <th className="num">
                  <Trans>借入額</Trans>
                </th>
                <th className="num">
                  <Trans>元本残高</Trans>
                </th>
                <th className="num">
                  <Trans>未払利息</Trans>
                </th>
                <th className="num">
                  <Trans>金利</Trans>
                </th>
                <th className="num">LTV</th>
                <th>
                  <Trans>借入日時</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((l) => (
                <tr key={l.id}>
                  <td className="mono">{l.phone}</td>
                  <td className="num mono">{yen(l.amount)}</td>
                  <td className="num mono">{yen(l.principal)}</td>
                  <td className="num mono">{yen(l.interest)}</td>
                  <td className="num mono">{bpPercent(l.rateBp)}</td>
                  <td className={`num mono ${l.ltvState === 'ok' ? '' : 'admin-neg'}`}>{bpPercent(l.ltvBp)}</td>
                  <td className="mono">{formatDateTime(l.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
