import type { QueryClient } from '@tanstack/react-query';

/**
 * The time of the oldest data on screen: the smallest `dataUpdatedAt` of the queries that have
 * observers (mounted screens) and data. `null` when nothing on screen came from the cache.
 */
export function oldestActiveDataAt(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const q of client.getQueryCache().getAll()) {
    if (q.getObserversCount() === 0) continue;
    const at = q.state.dataUpdatedAt;
    if (!at || q.state.data === undefined) continue;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest;
}

/**
 * "2 分前" / "2 minutes ago" / "2 分鐘前" / "2분 전": how old data fetched at `at` is, in the
 * interface's locale, in the largest whole unit (seconds below a minute, then minutes, hours, days).
 */
export function formatAge(at: number, now: number, locale: string): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const rtf = relativeFormat(locale);
  if (seconds < 60) return rtf.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
}

// One formatter per locale: the age line is drawn again every few seconds, and building an Intl
// formatter is far dearer than using one.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(locale);
  if (!f) relativeFormats.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' })));
  return f;
}
