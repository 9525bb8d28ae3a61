import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { KycNotice } from './KycNotice';
import { useWithdraw } from './useWithdraw';
import { WithdrawBreakdown } from './WithdrawBreakdown';
import { WithdrawConfirm, WithdrawForm } from './WithdrawForm';
import { WithdrawalList } from './WithdrawalList';
import { DestinationRequired, WithdrawRules } from './WithdrawNotes';
import './cash.css';
import './withdraw.css';

/*
 * 出金 (docs/domain.md "Withdrawals"): to an own bank account or wallet, at most the withdrawable
 * amount — shown with how it is computed (src/shared/domain/withdrawable.ts, the server's own rule) —
 * within the stated limits and hours, with the fund password; the expected arrival is shown before
 * confirming. Nothing is ever charged to release money (docs/domain.md "What Kabuto never builds").
 */

/** /information/cashOut: destination, amount (with the withdrawable breakdown), fund password, confirm; the requests below. The state is useWithdraw's. */
export function WithdrawScreen() {
  const { t } = useLingui();
  const w = useWithdraw();
  const title = t`出金`;
  if (!w.loaded) {
    return (
      <Page title={title} fallback="/information/index">
        {w.isError ? <EmptyView icon={icons.info} text={<Trans>出金の情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const { verified, destination } = w;
  return (
    <Page title={title} fallback="/information/index" className="cash">
      {!verified ? <KycNotice /> : null}
      {verified && w.destinations.length === 0 ? <DestinationRequired /> : null}
      <WithdrawBreakdown b={w.breakdown} currency={w.currency} />
      <WithdrawRules rules={w.rules} limits={w.limits} currency={w.currency} />
      {verified && destination ? <WithdrawForm w={w} /> : null}
      {w.confirming && destination ? <WithdrawConfirm w={w} label={destination.label} /> : null}
      <h2 className="section-title">
        <Trans>出金の申請</Trans>
      </h2>
      <WithdrawalList items={w.items} />
    </Page>
  );
}
