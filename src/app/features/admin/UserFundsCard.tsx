import { Trans } from '@lingui/react/macro';
import { formatMoney } from '../../../shared/money';
import { Signed } from '../../components/Signed';
import type { AdminUserDetail } from './api';

/** The user's money as the ledger has it, in the home currency; other currencies held are listed below. */
export function UserFundsCard({ funds: f }: { funds: AdminUserDetail['funds'] }) {
  const money = (v: number) => formatMoney(v, f.currency);
  return (
    <section className="admin-card" aria-labelledby="u-funds">
      <h3 id="u-funds" className="admin-card__title">
        <Trans>資産（元帳より）</Trans>
      </h3>
      <dl className="admin-dl admin-dl--num">
        <dt>
          <Trans>総資産</Trans>
        </dt>
        <dd className="mono">{money(f.totalAssets)}</dd>
        <dt>
          <Trans>現金（受渡済み）</Trans>
        </dt>
        <dd className="mono">{money(f.cash)}</dd>
        <dt>
          <Trans>買付余力</Trans>
        </dt>
        <dd className="mono">{money(f.available)}</dd>
        <dt>
          <Trans>出金可能額</Trans>
        </dt>
        <dd className="mono">{money(f.withdrawable)}</dd>
        <dt>
          <Trans>未受渡金</Trans>
        </dt>
        <dd className="mono">{money(f.unsettled)}</dd>
        <dt>
          <Trans>拘束中</Trans>
        </dt>
        <dd className="mono">{money(f.frozen)}</dd>
        <dt>
          <Trans>証拠金</Trans>
        </dt>
        <dd className="mono">{money(f.margin)}</dd>
        <dt>
          <Trans>借入</Trans>
        </dt>
        <dd className="mono">{money(f.loan)}</dd>
        <dt>
          <Trans>不足金</Trans>
        </dt>
        <dd className={f.shortfall < 0 ? 'mono admin-neg' : 'mono'}>{money(f.shortfall)}</dd>
        <dt>
          <Trans>評価損益</Trans>
        </dt>
        <dd className="mono">
          <Signed value={f.unrealizedPnl} currency={f.currency} strong={false} />
        </dd>
        <dt>
          <Trans>実現損益</Trans>
        </dt>
        <dd className="mono">
          <Signed value={f.realizedPnl} currency={f.currency} strong={false} />
        </dd>
      </dl>
      {f.balances.filter((b) => b.currency !== f.currency && b.total !== 0).length > 0 ? (
        <ul className="admin-list">
          {f.balances
            .filter((b) => b.currency !== f.currency && b.total !== 0)
            .map((b) => (
              <li key={b.currency} className="mono">
                {b.currency}: {formatMoney(b.total, b.currency)}
              </li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}
