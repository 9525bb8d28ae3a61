import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ARROW, direction, formatDateTime, formatTickPrice, formatVolume, formatYenCompact } from '../../../shared/money';
import { useMarketLabels } from './labels';
import { LimitBadge, PriceChange, SimBadge, usePriceFlash } from './parts';
import type { QuoteDetail } from './api';

function Stat({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className="qstats__row">
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** The price cell of the header, flashing when it moves. */
function BigPrice({ price, priceScale, dir }: { price: number; priceScale: number; dir: 'rise' | 'fall' | 'flat' }) {
  const flash = usePriceFlash(price);
  return (
    <span key={flash.n} className={`qhead__price ${dir}${flash.cls}`} data-testid="quote-price">
      {ARROW[dir] ? (
        <span className="chg__arrow" aria-hidden="true">
          {ARROW[dir]}
        </span>
      ) : null}
      {formatTickPrice(price, priceScale)}
    </span>
  );
}

/**
 * The quote header of the detail screens: price with change, session and time (always shown, so a
 * cached quote says how old it is), and the day's figures. Indices show the figures they have.
 */
export function QuoteHeader({ detail }: { detail: QuoteDetail }) {
  const { instrument: inst, quote: q } = detail;
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const labels = useMarketLabels();
  const ps = q.priceScale;
  const dir = direction(q.change);
  const isStock = inst.kind === 'stock';
  const asOf = formatDateTime(q.at);
  const unit = inst.quoteUnit;
  const base = inst.base ?? '';
  const rel = (v: number | null) => (v == null ? '' : direction(v - q.prevClose));
  return (
    <section className="qhead" aria-label={inst.nameJa}>
      <div className="qhead__top">
        <BigPrice price={q.price} priceScale={ps} dir={dir} />
        <span className="qhead__chg">
          <PriceChange change={q.change} changeBp={q.changeBp} priceScale={ps} />
        </span>
      </div>
      <div className="qhead__meta">
        <SimBadge />
        <span>{labels.session(q.session)}</span>
        <span data-testid="quote-asof">
          <Trans>{asOf} 時点</Trans>
        </span>
        <LimitBadge state={q.limitState} />
        {inst.quoteUnit > 1 ? (
          <span>
            <Trans>
              {unit} {base} あたり
            </Trans>
          </span>
        ) : null}
      </div>
      <dl className="qstats">
        <Stat label={<Trans>始値</Trans>} className={rel(q.open)}>
          {formatTickPrice(q.open, ps)}
        </Stat>
        <Stat label={<Trans>前日終値</Trans>}>{formatTickPrice(q.prevClose, ps)}</Stat>
        <Stat label={<Trans>高値</Trans>} className={rel(q.high)}>
          {formatTickPrice(q.high, ps)}
        </Stat>
        <Stat label={<Trans>安値</Trans>} className={rel(q.low)}>
          {formatTickPrice(q.low, ps)}
        </Stat>
        {inst.kind !== 'index' ? (
          <>
            <Stat label={<Trans>出来高</Trans>}>{formatVolume(q.volume, inst.qtyScale, locale)}</Stat>
            <Stat label={<Trans>売買代金</Trans>}>{formatYenCompact(q.turnover, locale)}</Stat>
          </>
        ) : null}
        {isStock ? (
          <>
            <Stat label={<Trans>時価総額</Trans>}>{formatYenCompact(q.marketValue, locale)}</Stat>
            <Stat label={<Trans>取引日</Trans>}>{q.tradingDate.replaceAll('-', '.')}</Stat>
            <Stat label={<Trans>ストップ高</Trans>} className="rise">
              {formatTickPrice(q.limits?.upper, ps)}
            </Stat>
            <Stat label={<Trans>ストップ安</Trans>} className="fall">
              {formatTickPrice(q.limits?.lower, ps)}
            </Stat>
          </>
        ) : null}
        {inst.kind !== 'index' ? (
          <>
            <Stat label={<Trans>買気配</Trans>}>{formatTickPrice(q.bid, ps)}</Stat>
            <Stat label={<Trans>売気配</Trans>}>{formatTickPrice(q.ask, ps)}</Stat>
          </>
        ) : null}
      </dl>
    </section>
  );
}
