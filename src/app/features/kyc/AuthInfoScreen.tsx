import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { kycQuery } from './api';
import { KycForm } from './KycForm';
import { KycStatusView } from './KycStatusView';
import './kyc.css';

/**
 * /information/authInfo — 本人確認 (docs/domain.md "KYC"): the form while not verified
 * (or after a failed review, once the user chooses to resubmit), else the status of the latest
 * submission.
 */
export function AuthInfoScreen() {
  const { t } = useLingui();
  const kyc = useQuery(kycQuery());
  const [resubmitting, setResubmitting] = useState(false);
  const title = t`本人確認`;
  if (kyc.data) {
    const { status, submission } = kyc.data;
    const form = status === 'not_verified' || (status === 'failed' && resubmitting);
    return (
      <Page title={title} fallback="/information/index">
        {form ? (
          <KycForm previous={submission} onSubmitted={() => setResubmitting(false)} />
        ) : (
          <KycStatusView status={status} submission={submission} onResubmit={() => setResubmitting(true)} />
        )}
      </Page>
    );
  }
  return (
    <Page title={title} fallback="/information/index">
      {kyc.isError ? (
        <EmptyView
          icon={icons.info}
          text={<Trans>本人確認の状況を読み込めませんでした</Trans>}
          action={
            <button type="button" className="btn btn--secondary" onClick={() => void kyc.refetch()}>
              <Trans>再試行</Trans>
            </button>
          }
        />
      ) : (
        <FirstLoad text={t`読み込み中…`} />
      )}
    </Page>
  );
}
