import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { PlanFormState } from './plan-form';

/** The end of the form: the last error and the save button (none once the plan is stopped). */
export function PlanSave({ form }: { form: PlanFormState }) {
  const { error, stopped, plan, valid, changed, busy, save } = form;
  return (
    <>
      {error ? (
        <p className="notice notice--danger small" role="alert" data-testid="plan-error">
          {error}
        </p>
      ) : null}
      {!stopped ? (
        <button type="button" className="btn btn--primary btn--block" disabled={!valid || !changed || busy} onClick={save} data-testid="plan-save">
          {plan ? <Trans>変更を保存</Trans> : <Trans>この内容で積立を設定</Trans>}
        </button>
      ) : null}
    </>
  );
}

/** A saved plan's 一時停止 / 再開 and 積立を終了, or the notice that it has ended. */
export function PlanActions({ form }: { form: PlanFormState }) {
  const { plan, stopped, busy, setStatus, setConfirmStop } = form;
  return (
    <>
      {plan && !stopped ? (
        <section className="plan-actions">
          {plan.status === 'active' ? (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setStatus('pause')} data-testid="plan-pause">
              <Trans>一時停止</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setStatus('resume')} data-testid="plan-resume">
              <Trans>再開</Trans>
            </button>
          )}
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirmStop(true)} data-testid="plan-stop">
            <Trans>積立を終了</Trans>
          </button>
        </section>
      ) : null}
      {stopped ? (
        <p className="notice small">
          <Trans>この積立は終了しています。終了した積立は変更・再開できません。新しく積立を設定してください。</Trans>
        </p>
      ) : null}
    </>
  );
}

/** 積立を終了しますか？ — stopping cannot be undone. */
export function PlanStopDialog({ form }: { form: PlanFormState }) {
  const { confirmStop, setStatus, setConfirmStop } = form;
  return (
    <ConfirmDialog
      open={confirmStop}
      title={<Trans>積立を終了しますか？</Trans>}
      body={<Trans>終了すると今後の積立日には買い付けません。終了した積立は再開できません（保有中の投資信託・株式はそのまま残ります）。</Trans>}
      confirmLabel={<Trans>終了する</Trans>}
      cancelLabel={<Trans>キャンセル</Trans>}
      danger
      onConfirm={() => setStatus('stop')}
      onCancel={() => setConfirmStop(false)}
    />
  );
}
