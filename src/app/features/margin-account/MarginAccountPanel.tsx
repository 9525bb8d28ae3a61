import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MarginAccountView } from '../../../shared/api/margin-account';
import { Spinner } from '../../components/Spinner';
import { marginAccountQuery } from './api';
import { AccountStatus } from './AccountStatus';
import { ApplicationForm } from './ApplicationForm';

/** Whether the user may apply now: no application yet, or a rejected one past its waiting days. */
export function mayApply(view: MarginAccountView): boolean {
  return view.state === 'none' || (view.state === 'rejected' && view.reapplyAt === null);
}

/**
 * The 信用取引口座 state and, while the user may apply, the application form (the settings screen
 * and the order ticket's sheet both show this). `onApplied` hears the outcome of an application.
 */
export function MarginAccountPanel({ onApplied }: { onApplied?: (view: MarginAccountView) => void }) {
  const { t } = useLingui();
  const account = useQuery(marginAccountQuery());
  if (account.isPending) return <Spinner size={22} label={t`読み込み中…`} />;
  if (!account.data) {
    return (
      <p className="small" role="alert">
        <Trans>信用取引口座の状態を読み込めませんでした</Trans>
      </p>
    );
  }
  const view = account.data;
  return (
    <div className="margin-account">
      {view.state !== 'none' ? <AccountStatus view={view} /> : (
        <p className="small">
          <Trans>信用取引（信用新規買・空売り・いちにち信用）には信用取引口座の開設が必要です。次の質問にお答えのうえ、リスク説明をご確認ください。</Trans>
        </p>
      )}
      {mayApply(view) ? <ApplicationForm onApplied={(v) => onApplied?.(v)} /> : null}
    </div>
  );
}
