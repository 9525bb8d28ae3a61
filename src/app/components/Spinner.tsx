import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export function Spinner({ size = 28, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** Blocks the screen while a command runs (e.g. signing in). */
export function FullScreenLoading({ label }: { label: string }) {
  return (
    <div className="fullscreen-loading" role="alert" aria-busy="true" aria-live="assertive">
      <div className="fullscreen-loading__box">
        <Spinner size={32} />
        <span className="fullscreen-loading__text">{label}</span>
      </div>
    </div>
  );
}

/** The first-load spinner with text (app start, route chunks loading). */
export function FirstLoad({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="first-load" aria-busy="true">
      <Spinner size={36} />
      <p className="first-load__text">{text}</p>
      {children}
    </div>
  );
}

/** The centred "loading" spinner a list or card shows before its first data. */
export function LoadingPane({ size = 24 }: { size?: number }) {
  const { t } = useLingui();
  return (
    <div className="center-pad">
      <Spinner size={size} label={t`読み込み中…`} />
    </div>
  );
}
