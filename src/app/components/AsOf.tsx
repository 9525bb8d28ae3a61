import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../shared/money';
import { useOnline } from '../query/online';

/** What AsOf reads of a query result. */
export interface AsOfSource {
  data?: unknown;
  dataUpdatedAt: number;
  isError: boolean;
}

/**
 * "2026.11.24 10:00:00 時点" under figures that may be out of date: while offline (they came from the
 * persisted cache or from before the network went away) or when their last refresh failed. Live
 * figures show no time. The same words as the watchlist's and the quote's "as of". `inverse`: on a
 * coloured card (light text), left-aligned.
 */
export function AsOf({ query, testId, inverse = false }: { query: AsOfSource; testId?: string; inverse?: boolean }) {
  const online = useOnline();
  if (query.data === undefined || !query.dataUpdatedAt || (online && !query.isError)) return null;
  const asOf = formatDateTime(query.dataUpdatedAt);
  return (
    <p className="as-of" data-testid={testId} style={inverse ? inverseStyle : style}>
      <Trans>{asOf} 時点</Trans>
    </p>
  );
}

const style = {
  margin: '0.25rem 0 0',
  fontSize: '0.6875rem',
  color: 'var(--text-3)',
  textAlign: 'right',
} as const;

const inverseStyle = { ...style, color: 'inherit', opacity: 0.8, textAlign: 'left' } as const;
