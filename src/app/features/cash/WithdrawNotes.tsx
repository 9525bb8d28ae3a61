import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../shared/money';
import type { WithdrawState } from './useWithdraw';

/** No bank account or wallet to withdraw to yet: where to register one. */
export function DestinationRequired() {
  return (
    <div className="cash-notice" role="note" data-testid="bank-required">
      <div className="cash-notice__text">
        <p>
          <Trans>出金先の銀行口座またはウォレットが登録されていません。ご本人名義の口座を登録してください。</Trans>
        </p>
        <Link to="/information/addBankCard" className="cash-notice__link">
          <Trans>銀行口座を登録する</Trans>
        </Link>{' '}
        <Link to="/information/usdtAddress" className="cash-notice__link">
          <Trans>ウォレットを登録する</Trans>
        </Link>
      </div>
    </div>
  );
}

/** The limits of one withdrawal in the destination's currency, the hours and the cut-off for same-day arrival. */
export function WithdrawRules({ rules, limits, currency }: Pick<WithdrawState, 'rules' | 'limits' | 'currency'>) {
  const { t } = useLingui();
  const hours = rules.hours.replace('-', '〜');
  return (
    <p className="withdraw-note" data-testid="withdraw-rules">
      <Trans>
        1回の出金額 {formatMoney(limits.min, currency)}〜{formatMoney(limits.max, currency)}・受付時間 {hours}
      </Trans>
      {rules.weekdaysOnly ? t`（東京の営業日のみ）` : ''}
      {' '}
      <Trans>{rules.cutoff}までの申請は当日、それ以降は翌営業日の着金予定です。</Trans>
      {!rules.openNow ? (
        <strong className="withdraw-closed">
          {' '}
          <Trans>現在は受付時間外です。</Trans>
        </strong>
      ) : null}
    </p>
  );
}
