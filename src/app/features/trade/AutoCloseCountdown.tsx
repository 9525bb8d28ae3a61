import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { formatTime } from '../../../shared/money';
import { quoteQuery } from './api';
import { clockOffset, countdown, formatCountdown } from './countdown';

/** Offset of the server's market clock from this browser's clock, learnt from a quote of `code`. */
export function useMarketOffset(code: string | null): number {
  const q = useQuery({ ...quoteQuery(code ?? ''), enabled: code !== null });
  return clockOffset(q.data?.quote.at, q.dataUpdatedAt);
}

/** The browser's time, re-read every `ms` while mounted. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** "自動決済まで 01:23:45 (15:25)": the day-trade auto-close in the closing auction. */
export function AutoCloseCountdown({ at, offset }: { at: number; offset: number }) {
  const now = useNow(1000);
  const c = countdown(at, now + offset);
  return (
    <span className="countdown" role="timer" aria-live="off">
      {c.done ? (
        <Trans>大引けの自動決済を処理しています</Trans>
      ) : (
        <Trans>
          自動決済まで <b className="mono">{formatCountdown(c)}</b>（{formatTime(at)}）
        </Trans>
      )}
    </span>
  );
}
