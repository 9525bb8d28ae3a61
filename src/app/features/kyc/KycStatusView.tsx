import { Trans, useLingui } from '@lingui/react/macro';
import type { KycStatus, KycSubmission } from '../../../shared/api/kyc';
import { formatDateTime } from '../../../shared/money';
import { KycStatusText } from './KycStatusText';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { DocumentTypeText } from './DocumentTypeText';

/** The latest submission: under review, verified, or failed with the reviewer's reason and a way to resubmit. */
export function KycStatusView({ status, submission, onResubmit }: { status: KycStatus; submission: KycSubmission | null; onResubmit: () => void }) {
  const { t } = useLingui();
  return (
    <div className="kyc-status" data-testid="kyc-status">
      <div className={`kyc-status__banner kyc-status__banner--${status}`} role="status">
        <Icon d={status === 'verified' ? icons.check : icons.idcard} size={28} />
        <div>
          <p className="kyc-status__title">
            <KycStatusText status={status} />
          </p>
          <p className="kyc-status__text">
            {status === 'under_review' ? <Trans>提出いただいた書類を確認しています。結果はこの画面でお知らせします。</Trans> : null}
            {status === 'verified' ? <Trans>本人確認が完了しました。出金や銀行口座の登録をご利用いただけます。</Trans> : null}
            {status === 'failed' ? <Trans>提出いただいた内容では本人確認ができませんでした。内容を確認のうえ、再度提出してください。</Trans> : null}
          </p>
        </div>
      </div>
      {status === 'failed' && submission?.reason ? (
        <div className="kyc-status__reason" data-testid="kyc-reason">
          <p className="kyc-status__reason-label">
            <Trans>理由</Trans>
          </p>
          <p>{submission.reason}</p>
        </div>
      ) : null}
      {submission ? (
        <dl className="kyc-status__details" aria-label={t`提出内容`}>
          <dt>
            <Trans>氏名</Trans>
          </dt>
          <dd>{submission.name}</dd>
          <dt>
            <Trans>フリガナ</Trans>
          </dt>
          <dd>{submission.nameKana}</dd>
          <dt>
            <Trans>本人確認書類</Trans>
          </dt>
          <dd>
            <DocumentTypeText type={submission.documentType} />
          </dd>
          <dt>
            <Trans>書類番号</Trans>
          </dt>
          <dd className="mono">{submission.documentNumberMasked}</dd>
          <dt>
            <Trans>提出日時</Trans>
          </dt>
          <dd>{formatDateTime(submission.submittedAt)}</dd>
          {submission.reviewedAt !== null ? (
            <>
              <dt>
                <Trans>審査日時</Trans>
              </dt>
              <dd>{formatDateTime(submission.reviewedAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {status === 'failed' ? (
        <div className="form__actions">
          <button type="button" className="btn btn--primary btn--block" onClick={onResubmit}>
            <Trans>再提出する</Trans>
          </button>
        </div>
      ) : null}
    </div>
  );
}
