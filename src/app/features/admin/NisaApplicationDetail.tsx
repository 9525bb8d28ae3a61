import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { taxAccountAdminApi, type NisaQueueItem } from '../../../shared/api/tax-account';
import { formatDateTime } from '../../../shared/money';
import { endpointArea } from '../../api/query';
import { NISA_STATE_TEXT } from '../tax-account';
import { useAdminCommand } from './api';
import { ApplicantRow, ReviewCard, ReviewDecision, StatusRow } from './ReviewQueue';

const REFRESH = [endpointArea(taxAccountAdminApi.queue), endpointArea(taxAccountAdminApi.user)];
type ReasonInput = { params: { id: string }; body: { reason: string } };

/** The one `decide` command as the approve or the reject ReviewDecision asks for. */
function useDecide(decision: 'approved' | 'rejected') {
  const cmd = useAdminCommand(taxAccountAdminApi.decide, REFRESH);
  return {
    isPending: cmd.isPending,
    mutate: (input: ReasonInput, opts: { onSuccess: () => void }) =>
      cmd.mutate({ params: input.params, body: { decision, reason: input.body.reason } }, opts),
  };
}

/** One NISA application: the applicant, the year and the declaration, and approve / reject with a reason. */
export function NisaApplicationDetail({ item }: { item: NisaQueueItem }) {
  const { i18n } = useLinguiCore();
  const approve = useDecide('approved');
  const reject = useDecide('rejected');
  const year = String(item.year);
  return (
    <ReviewCard titleId={`nisa-${item.id}`} testId="nisa-application" title={<Trans>NISA口座の申し込み</Trans>}>
      <dl className="admin-dl">
        <ApplicantRow userId={item.userId} phone={item.phone} />
        <dt>
          <Trans>申請日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(item.appliedAt)}</dd>
        <dt>
          <Trans>対象年</Trans>
        </dt>
        <dd className="mono">{year}</dd>
        <dt>
          <Trans>申告</Trans>
        </dt>
        <dd>
          <Trans>今年、他の金融機関でNISA口座を保有していません</Trans>
          <p className="admin-note mono">{formatDateTime(item.declaredAt)}</p>
        </dd>
        <StatusRow status={i18n._(NISA_STATE_TEXT[item.status])} reason={item.reason} />
      </dl>
      <p className="admin-note">
        <Trans>マイナンバーによる本人確認は申し込み時に確認済みです。税務署での重複口座の確認が済んでから承認してください。</Trans>
      </p>
      <ReviewDecision
        id={item.id}
        pending={item.status === 'pending'}
        approve={approve}
        reject={reject}
        approveTitle={<Trans>NISA口座を承認</Trans>}
        rejectTitle={<Trans>NISA口座を否認</Trans>}
      />
    </ReviewCard>
  );
}
