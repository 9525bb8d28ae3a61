import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface DialogBoxProps {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** While a command runs: both buttons disabled, Escape and the backdrop do nothing. */
  busy?: boolean;
  danger?: boolean;
  confirmDisabled?: boolean;
  /** Extra classes of the dialog and of its body (e.g. a wider, left-aligned variant). */
  className?: string;
  bodyClassName?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal Cancel / Confirm dialog, shown while mounted; focuses Confirm, Escape or the backdrop cancels. */
export function DialogBox({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  danger = false,
  confirmDisabled = false,
  className,
  bodyClassName,
  onConfirm,
  onCancel,
}: DialogBoxProps) {
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
      <div
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-t`}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={`${id}-t`} className="dialog__title">
          {title}
        </h2>
        {children ? <div className={bodyClassName ? `dialog__body ${bodyClassName}` : 'dialog__body'}>{children}</div> : null}
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
            {busy ? (
              <>
                <Spinner size={18} />{' '}
              </>
            ) : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A small modal confirmation (e.g. "Log out?"). Escape or the backdrop cancels. */
export function ConfirmDialog({
  open,
  body,
  ...props
}: Omit<DialogBoxProps, 'children' | 'busy' | 'confirmDisabled' | 'className' | 'bodyClassName'> & { open: boolean; body?: ReactNode }) {
  return open ? <DialogBox {...props}>{body}</DialogBox> : null;
}

/**
 * The confirmation of a money command: what will happen, then Cancel / Confirm. While the command
 * runs the buttons are disabled (a second tap cannot send a second request) and Escape does nothing.
 */
export function ActionDialog(props: Omit<DialogBoxProps, 'className' | 'bodyClassName'> & { busy: boolean }) {
  return <DialogBox {...props} className="dialog--wide" bodyClassName="dialog__body--left" />;
}
