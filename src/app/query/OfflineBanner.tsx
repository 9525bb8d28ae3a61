import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from './online';
import { formatAge, oldestActiveDataAt } from './age';

const TICK_MS = 15_000;

/**
 * While offline: "オフライン — 2 分前のデータ", the age of the oldest data on screen (what a user
 * relies on is at most that old). Just "オフライン" when nothing on screen came from the cache.
 */
export function OfflineBanner() {
  const online = useOnline();
  const client = useQueryClient();
  const { i18n } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  const [dataAt, setDataAt] = useState<number | null>(null);

  useEffect(() => {
    if (online) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const t = Date.now();
      const at = oldestActiveDataAt(client);
      setNow(t);
      setDataAt(at);
      // Seconds tick while the data is under a minute old, then every 15 s.
      clearTimeout(timer);
      timer = setTimeout(update, at !== null && t - at < 60_000 ? 1000 : TICK_MS);
    };
    update();
    let queued = false;
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        update();
      });
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [online, client]);

  if (online) return null;
  const age = dataAt === null ? null : formatAge(dataAt, now, i18n.locale || 'ja');
  return (
    <div className="offline-banner" role="status" aria-live="polite" style={bannerStyle}>
      {age === null ? <Trans>オフライン</Trans> : <Trans>オフライン — {age}のデータ</Trans>}
    </div>
  );
}

const bannerStyle = {
  position: 'sticky',
  top: 0,
  zIndex: 50,
  padding: '6px 12px',
  background: 'var(--warn-soft)',
  color: 'var(--warn)',
  fontSize: 13,
  lineHeight: '18px',
  textAlign: 'center',
} as const;
