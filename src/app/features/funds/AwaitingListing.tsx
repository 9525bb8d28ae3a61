import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { fundsApi, type AwaitingListingLine } from '../../../shared/api/funds';
import { formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { displayName } from '../../../shared/market/local-names';
import './AwaitingListing.css';

/*
 * 上場待ち (funds/summary's `awaitingListing`, docs/domain.md "IPO and offerings"): allotments paid
 * for whose shares are not delivered yet. Their money is in 証拠金 already, which is why total
 * assets did not change; these rows say what that part of the margin is until the listing opens
 * the position. Shown on the asset card and under the trade screen's 保有証券
 * (features/trade/holdings/AwaitingListingCards.tsx).
 */

/** The lines from the summary (the asset card's cache entry); none until `enabled`, or from an older server. */
export function useAwaitingListing(enabled = true): AwaitingListingLine[] {
  const query = useQuery({ ...endpointQuery(fundsApi.summary, {}, { silent: true, staleTime: 5_000 }), enabled });
  return query.data?.awaitingListing ?? [];
}

/** An IPO waits for its listing; new shares of a listed stock (a PO) for their delivery date. */
export function useAwaitingWords(l: AwaitingListingLine) {
  const { t, i18n } = useLingui();
  return {
    tag: l.newListing ? t`上場待ち` : t`受渡待ち`,
    dateLabel: l.newListing ? t`上場日` : t`受渡日`,
    name: displayName(l, i18n.locale),
  };
}

/** The asset card's lines: what part of 証拠金 waits for a listing, one line per allotment. */
export function AwaitingListingLines({ lines, currency }: { lines: AwaitingListingLine[]; currency: string }) {
  if (lines.length === 0) return null;
  return (
    <div className="awaiting-lines small" data-testid="assets-awaiting">
      <p className="awaiting-lines__title">
        <Trans>証拠金には上場待ちの株式の払込金額を含みます</Trans>
      </p>
      <ul>
        {lines.map((l) => (
          <AwaitingLine key={l.applicationId} l={l} currency={currency} />
        ))}
      </ul>
    </div>
  );
}

function AwaitingLine({ l, currency }: { l: AwaitingListingLine; currency: string }) {
  const w = useAwaitingWords(l);
  return (
    <li data-code={l.code}>
      <span className="tag">{w.tag}</span> <span>{w.name}</span> <span className="mono">{l.code}</span>{' '}
      <span className="mono">
        <Trans>{formatNumber(l.shares)}株</Trans>
      </span>{' '}
      <span className="mono">{formatMoney(l.amount, currency)}</span>{' '}
      <span>
        {w.dateLabel} <span className="mono">{formatIsoDate(l.listingDate)}</span>
      </span>
    </li>
  );
}
