import { Trans, useLingui } from '@lingui/react/macro';
import type { AwaitingListingLine } from '../../../../shared/api/funds';
import { formatIsoDate, formatMoney, formatNumber } from '../../../../shared/money';
import { useAwaitingWords } from '../../funds';
import '../../../components/positions.css';
import './holdings.css';

/** 保有証券's rows of allotments awaiting listing: no price and no actions until the stock trades. */
export function AwaitingListingCards({ lines }: { lines: AwaitingListingLine[] }) {
  const { t } = useLingui();
  if (lines.length === 0) return null;
  return (
    <ul className="pos-list awaiting-cards" aria-label={t`上場待ち`} data-testid="holdings-awaiting">
      {lines.map((l) => (
        <AwaitingCard key={l.applicationId} l={l} />
      ))}
    </ul>
  );
}

function AwaitingCard({ l }: { l: AwaitingListingLine }) {
  const w = useAwaitingWords(l);
  return (
    <li className="pos holding" data-code={l.code}>
      <div className="holding__head">
        <span className="tag">{w.tag}</span>
        <span className="pos__name">{w.name}</span>
        <span className="pos__code mono">{l.code}</span>
        <span className="holding__shares small">
          <Trans>{formatNumber(l.shares)}株</Trans>
        </span>
      </div>
      <dl className="holding__grid small">
        <div>
          <dt>
            <Trans>払込金額</Trans>
          </dt>
          <dd className="mono">{formatMoney(l.amount)}</dd>
        </div>
        <div>
          <dt>{w.dateLabel}</dt>
          <dd className="mono">{formatIsoDate(l.listingDate)}</dd>
        </div>
      </dl>
      <p className="small muted">
        {l.newListing ? (
          <Trans>上場日に保有証券に加わります。払込金額は証拠金に含まれ、総資産に計上済みです。</Trans>
        ) : (
          <Trans>受渡日に保有証券に加わります。払込金額は証拠金に含まれ、総資産に計上済みです。</Trans>
        )}
      </p>
    </li>
  );
}
