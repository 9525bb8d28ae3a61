import { useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DialogBox } from '../../components/ConfirmDialog';

/** The server's rule (src/shared/api/admin.ts): 3–500 characters after trimming. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export function reasonProblem(reason: string): 'short' | 'long' | null {
  const n = reason.trim().length;
  if (n < REASON_MIN) return 'short';
  if (n > REASON_MAX) return 'long';
  return null;
}

/**
 * Every admin action goes through here: what will happen, then a required reason (written to the
 * audit log with the change, and shown to the user where the action concerns them).
 */
export function ReasonDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy,
  reasonHint,
  onConfirm,
  onCancel,
  confirmDisabled = false,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  busy: boolean;
  reasonHint?: ReactNode;
  confirmDisabled?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason);
  const error = touched && problem ? (problem === 'short' ? t`理由を${REASON_MIN}文字以上で入力してください` : t`理由は${REASON_MAX}文字以内です`) : null;
  return (
    <DialogBox
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={<Trans>キャンセル</Trans>}
      danger={danger}
      busy={busy}
      className="dialog--wide"
      bodyClassName="dialog__body--left"
      confirmDisabled={confirmDisabled}
      onCancel={onCancel}
      onConfirm={() => {
        setTouched(true);
        if (!problem) onConfirm(reason.trim());
      }}
    >
      {children}
      <div className={error ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={id}>
          <Trans>理由（必須・監査ログに記録）</Trans>
        </label>
        <textarea
          id={id}
          className="field__input admin-reason"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        {reasonHint && !error ? <p className="field__hint">{reasonHint}</p> : null}
        {error ? <p className="field__error">{error}</p> : null}
      </div>
    </DialogBox>
  );
}
