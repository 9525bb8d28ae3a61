import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsentView } from '../../../shared/api/documents';
import { formatDate } from '../../../shared/money';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { useWithdrawConsent } from './api';
import { PaperAddress } from './DocPaperNotice';

/** After consent: when and which version, and the small "withdraw" action (confirmed first). */
export function DocConsentStatus({ consent }: { consent: ConsentView }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawConsent();
  const date = consent.givenAt === null ? '' : formatDate(consent.givenAt);
  // One unit: an English line must not break the version at its hyphens.
  const version = <span className="nowrap">{consent.version ?? ''}</span>;
  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast(t`電子交付の同意を撤回しました`);
      },
    });
  return (
    <>
      <div className="doc-consented" data-testid="consent-status">
        <Icon d={icons.check} size={18} />
        <p className="doc-consented__text">
          <strong>
            <Trans>電子交付に同意済み</Trans>
          </strong>
          <span className="small">
            <Trans>
              {date} 同意・版 {version}
            </Trans>
          </span>
        </p>
        <button type="button" className="btn btn--text doc-consented__withdraw" onClick={() => setAsking(true)} data-testid="consent-withdraw">
          <Trans>同意を撤回</Trans>
        </button>
      </div>
      {/* Outside the green status line: the dialog keeps its own colours. */}
      {asking ? (
        <DialogBox
          title={<Trans>電子交付の同意を撤回しますか？</Trans>}
          confirmLabel={<Trans>撤回する</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          danger
          busy={withdraw.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>
            <Trans>撤回後も書面はこの画面に届き、書面（紙）での交付をお申し出いただけます。</Trans>
          </p>
          <p className="small">
            <PaperAddress address={consent.paperAddress} />
          </p>
        </DialogBox>
      ) : null}
    </>
  );
}
