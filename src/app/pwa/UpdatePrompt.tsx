import { useState, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from './register';

/** "新しいバージョンがあります [更新]" while a new service worker is waiting. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const [busy, setBusy] = useState(false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite" style={barStyle}>
      <span style={{ flex: 1 }}>
        <Trans>新しいバージョンがあります</Trans>
      </span>
      <button
        type="button"
        disabled={busy}
        style={buttonStyle}
        onClick={() => {
          setBusy(true);
          applyUpdate();
        }}
      >
        <Trans>更新</Trans>
      </button>
    </div>
  );
}

const barStyle = {
  position: 'fixed',
  left: 12,
  right: 12,
  bottom: 'calc(64px + env(safe-area-inset-bottom, 0px))',
  maxWidth: 726,
  margin: '0 auto',
  zIndex: 60,
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 12px',
  borderRadius: 8,
  background: '#1f2937',
  color: '#ffffff',
  fontSize: 14,
  boxShadow: '0 4px 12px rgba(0,0,0,0.2)',
} as const;

const buttonStyle = {
  border: 0,
  borderRadius: 6,
  padding: '6px 14px',
  background: '#ffffff',
  color: '#1f2937',
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
} as const;
