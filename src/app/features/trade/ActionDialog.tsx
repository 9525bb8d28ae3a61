import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner';

/**
 * The confirmation of a money command: what will happen, then Cancel / Confirm. While the command
 * runs the buttons are disabled (a second tap cannot send a second request) and Escape does nothing.
 */
export function ActionDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  danger = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  busy: boolean;
  danger?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);
  return (
    <div className="dialog-backdrop" onClick={busy ? undefined : onCancel}>
      <div className="dialog dialog--wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} onClick={(e) => e.stopPropagation()}>
        <h2 id={`${id}-t`} className="dialog__title">
          {title}
        </h2>
        {children ? <div className="dialog__body dialog__body--left">{children}</div> : null}
        <div className="dialog__actions">
          <button type="button" className="dialog__btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={danger ? 'dialog__btn dialog__btn--danger' : 'dialog__btn dialog__btn--primary'}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
          >
            {busy ? <Spinner size={18} /> : null} {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
