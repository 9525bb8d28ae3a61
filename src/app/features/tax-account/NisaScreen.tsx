import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { taxAccountQuery } from './api';
import { NisaApplyForm } from './NisaApplyForm';
import { NisaStatus } from './NisaStatus';
import { NisaUsagePanel } from './NisaUsagePanel';
import './tax-account.css';

/**
 * /information/nisa — NISA: the room of the open account, or its application and state
 * (docs/domain.md "Account types and NISA").
 */
export function NisaScreen() {
  const { t } = useLingui();
  const q = useQuery(taxAccountQuery());
  const view = q.data;
  return (
    <Page title={t`NISA`} className="tax-account">
      {q.isPending ? (
        <Spinner size={22} label={t`読み込み中…`} />
      ) : !view ? (
        <p className="small" role="alert">
          <Trans>NISA口座の状態を読み込めませんでした</Trans>
        </p>
      ) : view.nisa.state === 'approved' ? (
        <NisaUsagePanel usage={view.usage} />
      ) : (
        <>
          <NisaStatus nisa={view.nisa} />
          {view.nisa.state === 'pending' ? null : <NisaApplyForm />}
        </>
      )}
      <p className="small">
        <Link to="/information/taxAccount" className="link">
          <Trans>特定口座・源泉徴収の設定</Trans>
        </Link>
      </p>
    </Page>
  );
}
