import { Trans, useLingui } from '@lingui/react/macro';
import { contractValue } from '../../../shared/domain/trade-money';
import { formatMoney, formatNumber, formatPriceYen } from '../../../shared/money';
import { Stepper } from '../../components/Stepper';
import { ClosedNotice } from './ClosedNotice';
import { HoldingSummary } from './HoldingSummary';
import { SellAccountPicker } from './SellAccountPicker';
import { sellCostEstimate, stepSellShares, unitsOf } from './ticket';
import type { TicketState } from './useOrderTicket';

/*
 * 現物売: sells any number of 単元 of the cash holding, oldest purchases first, at the moving-average
 * 取得価額 (docs/decisions/011-selling-a-holding.md).
 * SellHolding goes above the order type (what is held), SellSide below it (how many, for about how much).
 */

export function SellHolding({ ticket }: { ticket: TicketState }) {
  const { stock, sellInfo, holdings } = ticket;
  return stock ? (
    <>
      {sellInfo ? <SellAccountPicker sellable={sellInfo} onChange={ticket.setSellAccount} refusal={ticket.refusalOf('account')} /> : null}
      <HoldingSummary stock={stock} sellable={sellInfo} />
    </>
  ) : (
    <p className="muted small" data-testid="no-holding">
      {holdings.isPending ? <Trans>保有株式を確認しています…</Trans> : <Trans>この銘柄を現物で保有していません。</Trans>}
    </p>
  );
}

export function SellSide({ ticket }: { ticket: TicketState }) {
  const { t } = useLingui();
  const { sellShares, setSellShares, steps, closeType, sellPrice, priceScale, closedNow, sp, sellInfo } = ticket;
  const proceeds = sellPrice !== null && sellShares !== null ? contractValue(sellPrice, sellShares, priceScale) : null;
  const cost = sellInfo && sellShares !== null ? sellCostEstimate(sellInfo.bookCost, sellInfo.held, sellShares) : null;
  return (
    <>
      {sellShares !== null ? (
        <Stepper
          label={t`売却株数`}
          value={sellShares}
          display={(v) => formatNumber(v)}
          parse={(text) => {
            const v = Number(text.replace(/[,\s]/g, ''));
            return steps.includes(v) ? v : null;
          }}
          onChange={setSellShares}
          onStep={(d) => setSellShares(stepSellShares(steps, sellShares, d))}
          canDown={steps.indexOf(sellShares) > 0}
          canUp={steps.indexOf(sellShares) < steps.length - 1}
          suffix={t`株`}
          hint={
            <>
              {unitsOf(sellShares) !== null ? <Trans>{formatNumber(unitsOf(sellShares)!)}単元</Trans> : null}
              {steps.length > 1 ? (
                <>
                  {' · '}
                  <button type="button" className="linkish ticket__max" onClick={() => setSellShares(steps[steps.length - 1]!)}>
                    <Trans>全株 {formatNumber(steps[steps.length - 1]!)}株</Trans>
                  </button>
                </>
              ) : null}
              <br />
              <Trans>1単元（{formatNumber(sellInfo?.lot ?? 100)}株）単位で売却できます。取得価額は移動平均（総平均法）です。</Trans>
            </>
          }
        />
      ) : null}

      <ClosedNotice closedNow={closedNow} acceptsOrders={sp?.acceptsOrders} />

      {sellShares !== null ? (
        <div className="preview" aria-live="polite">
          <dl className="kv">
            <dt>{closeType.type === 'limit' ? <Trans>概算単価（指値）</Trans> : <Trans>概算単価（買気配）</Trans>}</dt>
            <dd className="mono">{sellPrice !== null ? formatPriceYen(sellPrice, priceScale) : '—'}</dd>
            <dt className="strong">
              <Trans>概算売却代金</Trans>
            </dt>
            <dd className="mono strong">{proceeds !== null ? formatMoney(proceeds) : '—'}</dd>
            <dt>
              <Trans>取得費（平均取得単価 {sellInfo ? formatPriceYen(sellInfo.averageCost, sellInfo.priceScale) : '—'}）</Trans>
            </dt>
            <dd className="mono" data-testid="sell-cost">{cost !== null ? formatMoney(cost) : '—'}</dd>
            <dt>
              <Trans>概算譲渡損益（手数料・税金前）</Trans>
            </dt>
            <dd className="mono" data-testid="sell-gain">{proceeds !== null && cost !== null ? formatMoney(proceeds - cost) : '—'}</dd>
          </dl>
          <p className="small muted">
            <Trans>手数料と税金（譲渡益課税）は約定時に差し引かれます。新たな売建（空売り）にはなりません。</Trans>
          </p>
        </div>
      ) : null}
    </>
  );
}
