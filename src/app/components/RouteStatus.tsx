import { useEffect, useState } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FirstLoad } from './Spinner';
import { Icon } from './Icon';
import * as icons from './icons';

/** A route chunk that has not arrived after this long is given up on (docs/product.md "Messages"). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** True for the errors a browser raises when a lazy chunk (JS or its CSS) cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk|module script/i.test(
    error.message,
  );
}

/** "Could not load this screen" with a reload button (a fresh load fetches the chunks again). */
export function RetryScreen({ kind }: { kind: 'timeout' | 'chunk' }) {
  return (
    <div className="status-screen" role="alert">
      <span className="status-screen__icon">
        <Icon d={icons.refresh} size={40} />
      </span>
      <h2 className="status-screen__title">
        <Trans>画面を読み込めませんでした</Trans>
      </h2>
      <p className="status-screen__text">
        {kind === 'timeout' ? (
          <Trans>読み込みに時間がかかりすぎています。通信環境を確認して、もう一度お試しください。</Trans>
        ) : (
          <Trans>通信環境を確認して、もう一度お試しください。</Trans>
        )}
      </p>
      <button type="button" className="btn btn--primary status-screen__btn" onClick={() => window.location.reload()}>
        <Trans>再読み込み</Trans>
      </button>
    </div>
  );
}

/** Shown while a route's chunk loads; after CHUNK_TIMEOUT_MS it turns into the retry screen. */
export function PendingScreen({ timeoutMs = CHUNK_TIMEOUT_MS }: { timeoutMs?: number }) {
  const { t } = useLingui();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(id);
  }, [timeoutMs]);
  if (timedOut) return <RetryScreen kind="timeout" />;
  return <FirstLoad text={t`読み込み中…`} />;
}

/** The router's default error component: chunk failures get the retry screen. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isChunkLoadError(error)) return <RetryScreen kind="chunk" />;
  return (
    <div className="status-screen" role="alert">
      <span className="status-screen__icon">
        <Icon d={icons.alert} size={40} />
      </span>
      <h2 className="status-screen__title">
        <Trans>問題が発生しました</Trans>
      </h2>
      <p className="status-screen__text">
        <Trans>お手数ですが、もう一度お試しください。</Trans>
      </p>
      <button
        type="button"
        className="btn btn--primary status-screen__btn"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>再試行</Trans>
      </button>
    </div>
  );
}

/** The router's not-found component. */
export function NotFoundScreen() {
  return (
    <div className="status-screen">
      <span className="status-screen__icon">
        <Icon d={icons.info} size={40} />
      </span>
      <h2 className="status-screen__title">
        <Trans>ページが見つかりません</Trans>
      </h2>
      <a className="btn btn--primary status-screen__btn" href="#/login/start">
        <Trans>トップへ戻る</Trans>
      </a>
    </div>
  );
}
