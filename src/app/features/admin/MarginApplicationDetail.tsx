import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { marginAccountAdminApi, type MarginAnswers, type MarginQueueItem } from '../../../shared/api/margin-account';
import { formatDateTime } from '../../../shared/money';
import { toast } from '../../components/Toast';
import { endpointArea } from '../../api/query';
import {
  MARGIN_ASSET_TEXT as ASSET_TEXT, MARGIN_EXPERIENCE_TEXT as EXPERIENCE_TEXT, MARGIN_INCOME_TEXT as INCOME_TEXT,
  MARGIN_PURPOSE_TEXT as PURPOSE_TEXT, MARGIN_REFERRAL_TEXT, MARGIN_STATE_TEXT,
} from '../margin-account';
import { useAdminCommand } from './api';
import { ReasonDialog } from './ReasonDialog';

const QUEUE = [endpointArea(marginAccountAdminApi.queue)];

/** One application: the applicant, the answers, why it was referred, and approve / reject with a reason. */
export function ApplicationDetail({ item }: { item: MarginQueueItem }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const ref = useRef<HTMLElement>(null);
  // On a phone the application opens below the list: bring it into view.
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 899px)').matches) ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  const approve = useAdminCommand(marginAccountAdminApi.approve, QUEUE);
  const reject = useAdminCommand(marginAccountAdminApi.reject, QUEUE);
  const cmd = deciding === 'reject' ? reject : approve;
  return (
    <article ref={ref} className="admin-card admin-kyc__detail" aria-labelledby={`margin-${item.id}`} data-testid="margin-application">
      <h3 id={`margin-${item.id}`} className="admin-card__title">
        <Trans>信用取引口座の申し込み</Trans>
      </h3>
      <dl className="admin-dl">
        <dt>
          <Trans>申請者</Trans>
        </dt>
        <dd>
          <Link to="/admin/user" search={{ id: item.userId }} className="mono link">
            {item.phone}
          </Link>
        </dd>
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
        <dt>
          <Trans>状態</Trans>
        </dt>
        <dd>
          {i18n._(MARGIN_STATE_TEXT[item.status])}
          {item.reason ? <p className="admin-note">{item.reason}</p> : null}
        </dd>
      </dl>
      {item.answers ? <Answers a={item.answers} /> : <p className="admin-note"><Trans>回答はありません（以前のリスク説明への同意から移行）</Trans></p>}
      {item.status === 'pending' ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => setDeciding('approve')}>
            <Trans>承認</Trans>
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setDeciding('reject')}>
            <Trans>否認</Trans>
          </button>
        </div>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={deciding === 'approve' ? <Trans>信用取引口座を承認</Trans> : <Trans>信用取引口座を否認</Trans>}
          confirmLabel={deciding === 'approve' ? <Trans>承認する</Trans> : <Trans>否認する</Trans>}
          danger={deciding === 'reject'}
          busy={cmd.isPending}
          reasonHint={deciding === 'reject' ? <Trans>否認の理由は利用者に表示されます</Trans> : undefined}
          onCancel={() => setDeciding(null)}
          onConfirm={(reason) =>
            cmd.mutate(
              { params: { id: item.id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(deciding === 'approve' ? t`承認しました` : t`否認しました`);
                  setDeciding(null);
                },
              },
            )
          }
        />
      ) : null}
    </article>
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
