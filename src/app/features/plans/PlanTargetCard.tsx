import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanView } from '../../../shared/api/plans';
import type { TrustFundView } from '../../../shared/api/trusts';
import type { QuoteDetail } from '../../../shared/api/market';
import { displayName } from '../../../shared/market/local-names';
import { formatIsoDate, formatPriceYen } from '../../../shared/money';
import { trustName, TrustNavLine, TrustNisaBadges } from '../trusts';
import { planTargetName, scheduleText, STATUS_TEXT } from './labels';
import { LOT, type PlanFormState } from './plan-form';

/** The card at the top: the fund or stock the plan buys, and a saved plan's status and schedule. */
export function PlanTargetCard({ form }: { form: PlanFormState }) {
  const { i18n } = useLingui();
  const { kind, fund, stock, plan } = form;
  return (
    <section className="card plan-target" data-testid="plan-target">
      {kind === 'fund' && fund ? (
        <FundTarget fund={fund} />
      ) : stock ? (
        <StockTarget stock={stock} />
      ) : plan ? (
        <span className="strong">{planTargetName(plan, i18n.locale)}</span>
      ) : null}
      {plan ? <PlanNow plan={plan} /> : null}
    </section>
  );
}

/** A fund: its name (to its page), code, 基準価額 and NISA badges, and a notice while it takes no orders. */
function FundTarget({ fund }: { fund: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <>
      <Link to="/home/trust" search={{ id: fund.id }} className="link strong">
        {trustName(fund.names, i18n.locale)}
      </Link>
      <span className="plan-target__meta small">
        <span className="mono">{fund.code}</span>
        <span className="muted">
          <Trans>基準価額（1万口）</Trans>
        </span>
        <TrustNavLine f={fund} />
        <TrustNisaBadges f={fund} />
      </span>
      <span className="small muted">
        {fund.navDate ? <Trans>{formatIsoDate(fund.navDate)} 時点の基準価額・シミュレーション</Trans> : <Trans>シミュレーション</Trans>}
      </span>
      {fund.status === 'suspended' ? (
        <p className="notice notice--warn small">
          <Trans>このファンドは現在、購入の受付を停止しています。停止中の積立日は見送りになります。</Trans>
        </p>
      ) : null}
    </>
  );
}

/** A stock: its name and code, the current price and what one 単元 buys. */
function StockTarget({ stock }: { stock: QuoteDetail }) {
  const { i18n } = useLingui();
  const stockName = displayName({ code: stock.instrument.code, nameJa: stock.instrument.nameJa, nameEn: stock.instrument.nameEn }, i18n.locale);
  return (
    <>
      <span className="strong">
        {stockName} <span className="mono muted">({stock.instrument.code})</span>
      </span>
      <span className="plan-target__meta small">
        <span className="muted">
          <Trans>現在値</Trans>
        </span>
        <span className="mono">{formatPriceYen(stock.quote.price, stock.quote.priceScale)}</span>
        <span className="muted">
          <Trans>1単元 = {LOT}株・成行で買付</Trans>
        </span>
      </span>
    </>
  );
}

/** A saved plan's status and its schedule as saved. */
function PlanNow({ plan }: { plan: PlanView }) {
  const { i18n } = useLingui();
  return (
    <span className="plan-target__meta small">
      <span className={`plan-status plan-status--${plan.status}`} data-testid="plan-status">
        {i18n._(STATUS_TEXT[plan.status])}
      </span>
      <span>
        <Trans>現在の設定：</Trans>
        {scheduleText(plan, i18n)}
      </span>
    </span>
  );
}
