import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustOrderView } from '../../../shared/api/trusts';
import type { AccountType } from '../../../shared/domain/account-type';
import { formatIsoDate } from '../../../shared/money';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { trustDetailQuery } from './api';
import { trustName } from './labels';
import { NavLine } from './parts';
import type { Side } from './trust-order';
import { TrustBuySide } from './TrustBuySide';
import { TrustOrderDone } from './TrustOrderDone';
import { TrustSellSide } from './TrustSellSide';
import './trusts.css';

const route = getRouteApi('/home/trustOrder');

/**
 * /home/trustOrder?id=&side=&account= — the fund order ticket at the next, unknown NAV (ブラインド方式).
 *
 * This is the container: each side's state is its hook (useBuyTicket, useSellTicket in
 * useTrustOrder.ts, on the rules of trust-order.ts) and its parts TrustBuySide and TrustSellSide;
 * both sides share the 預り区分 chips (TrustAccountField), the estimate (TrustOrderEstimate) and
 * the foot with the refusal, the failure and the confirm dialog (TrustOrderConfirm); then
 * TrustOrderDone.
 */
export function TrustOrderScreen() {
  const { t } = useLingui();
  const search = route.useSearch();
  const id = search.id;
  const side: Side = search.side ?? 'buy';
  const query = useQuery({ ...trustDetailQuery(id ?? ''), enabled: !!id });
  const title = side === 'buy' ? t`投資信託の買付` : t`投資信託の解約`;
  const f = query.data?.fund;
  if (!id || !f) {
    return (
      <Page title={title} fallback="/home/trusts">
        {!id || query.isError ? <EmptyView icon={icons.info} text={<Trans>ファンドが見つかりません</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  return (
    <Page title={title} fallback={`/home/trust?id=${encodeURIComponent(f.id)}`}>
      <div className="trust-ticket">
        <FundLine f={f} />
        {/* A new ticket (no success view, no typed amount) for each fund, side and account linked to. */}
        <Ticket key={`${f.id}|${side}|${search.account ?? ''}`} f={f} side={side} initial={search.account} />
      </div>
    </Page>
  );
}

function Ticket({ f, side, initial }: { f: TrustFundView; side: Side; initial: AccountType | undefined }) {
  const [done, setDone] = useState<TrustOrderView | null>(null);
  if (done) return <TrustOrderDone order={done} />;
  return side === 'buy' ? <TrustBuySide f={f} initial={initial} onDone={setDone} /> : <TrustSellSide f={f} initial={initial} onDone={setDone} />;
}

function FundLine({ f }: { f: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <section className="card trust-ticket__fund">
      <Link to="/home/trust" search={{ id: f.id }} className="trust-link strong">
        {trustName(f.names, i18n.locale)}
      </Link>
      <div className="trust-row__meta small">
        <span className="mono">{f.code}</span>
        <span className="muted">
          <Trans>基準価額（1万口）</Trans>
        </span>
        <NavLine f={f} />
      </div>
      <p className="small muted">
        {f.navDate ? <Trans>{formatIsoDate(f.navDate)} 時点の基準価額・シミュレーション</Trans> : <Trans>シミュレーション</Trans>}
      </p>
    </section>
  );
}
