import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { marginAccountAdminApi, type MarginAnswers, type MarginQueueItem } from '../../../shared/api/margin-account';
import { formatDateTime } from '../../../shared/money';
import { endpointArea } from '../../api/query';
import {
  MARGIN_ASSET_TEXT as ASSET_TEXT, MARGIN_EXPERIENCE_TEXT as EXPERIENCE_TEXT, MARGIN_INCOME_TEXT as INCOME_TEXT,
  MARGIN_PURPOSE_TEXT as PURPOSE_TEXT, MARGIN_REFERRAL_TEXT, MARGIN_STATE_TEXT,
} from '../margin-account';
import { useAdminCommand } from './api';
import { ApplicantRow, ReviewCard, ReviewDecision, StatusRow } from './ReviewQueue';

const QUEUE = [endpointArea(marginAccountAdminApi.queue)];

/** One application: the applicant, the answers, why it was referred, and approve / reject with a reason. */
export function ApplicationDetail({ item }: { item: MarginQueueItem }) {
  const { i18n } = useLinguiCore();
  const approve = useAdminCommand(marginAccountAdminApi.approve, QUEUE);
  const reject = useAdminCommand(marginAccountAdminApi.reject, QUEUE);
  return (
    <ReviewCard titleId={`margin-${item.id}`} testId="margin-application" title={<Trans>信用取引口座の申し込み</Trans>}>
      <dl className="admin-dl">
        <ApplicantRow userId={item.userId} phone={item.phone} />
        <dt>
          <Trans>申請日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(item.appliedAt)}</dd>
        <dt>
          <Trans>審査の理由</Trans>
        </dt>
        <dd>
          <ul className="admin-list" data-testid="margin-referral">
            {item.referral.map((r) => (
              <li key={r}>{i18n._(MARGIN_REFERRAL_TEXT[r])}</li>
            ))}
          </ul>
        </dd>
        <StatusRow status={i18n._(MARGIN_STATE_TEXT[item.status])} reason={item.reason} />
      </dl>
      {item.answers ? <Answers a={item.answers} /> : <p className="admin-note"><Trans>回答はありません（以前のリスク説明への同意から移行）</Trans></p>}
      <ReviewDecision
        id={item.id}
        pending={item.status === 'pending'}
        approve={approve}
        reject={reject}
        approveTitle={<Trans>信用取引口座を承認</Trans>}
        rejectTitle={<Trans>信用取引口座を否認</Trans>}
      />
    </ReviewCard>
  );
}

function Answers({ a }: { a: MarginAnswers }) {
  const { i18n } = useLinguiCore();
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`株式投資（現物）の経験`, i18n._(EXPERIENCE_TEXT[a.stockExperience])],
    [t`信用取引の経験`, i18n._(EXPERIENCE_TEXT[a.marginExperience])],
    [t`先物・オプション取引の経験`, a.derivativesExperience ? t`あり` : t`なし`],
    [t`金融資産（預貯金・株式など）`, i18n._(ASSET_TEXT[a.financialAssets])],
    [t`年収`, i18n._(INCOME_TEXT[a.annualIncome])],
    [t`投資目的`, i18n._(PURPOSE_TEXT[a.purpose])],
    [t`信用取引に充てる資金は余裕資金ですか`, a.spareFunds ? t`はい（余裕資金）` : t`いいえ`],
  ];
  return (
    <ul className="admin-list" data-testid="margin-answers">
      {rows.map(([k, v]) => (
        <li key={k}>
          <span className="admin-note">{k}</span>
          <br />
          {v}
        </li>
      ))}
    </ul>
  );
}
