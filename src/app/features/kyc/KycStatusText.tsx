import { Trans } from '@lingui/react/macro';
import type { KycStatus } from '../../../shared/api/kyc';

/** The words for a 本人確認 status (Mine's menu, the authInfo screen). */
export function KycStatusText({ status }: { status: KycStatus }) {
  switch (status) {
    case 'not_verified':
      return <Trans>未確認</Trans>;
    case 'under_review':
      return <Trans>審査中</Trans>;
    case 'verified':
      return <Trans>確認済み</Trans>;
    case 'failed':
      return <Trans>確認できませんでした</Trans>;
  }
}
