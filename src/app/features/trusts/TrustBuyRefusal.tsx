import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView } from '../../../shared/api/trusts';
import type { AccountType } from '../../../shared/domain/account-type';
import { ACCOUNT_BADGE } from '../tax-account';
import { NISA_REFUSAL } from './labels';
import type { BuyRefusal } from './trust-order';

/** Why an account cannot buy this fund, under the chips. */
export function RefusalNote({ account, refusal, f }: { account: AccountType; refusal: BuyRefusal; f: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <p className="stepper__hint trust-note" data-account-refusal={refusal}>
      <b>{i18n._(ACCOUNT_BADGE[account])}</b>
      <Trans context="label separator">：</Trans>
      <RefusalText refusal={refusal} f={f} />
    </p>
  );
}

function RefusalText({ refusal, f }: { refusal: BuyRefusal; f: TrustFundView }) {
  const { i18n } = useLingui();
  const { nisa_growth: growth, nisa_tsumitate: tsumitate } = f.eligibility;
  if (refusal === 'tsumitate_plan' && tsumitate) return i18n._(NISA_REFUSAL[tsumitate]);
  if (refusal === 'tsumitate_plan') {
    return (
      <>
        <Trans>つみたて投資枠は積立設定から</Trans>{' '}
        <Link to="/home/tsumitatePlan" search={{ fund: f.id }} className="link">
          <Trans>積立を設定する</Trans>
        </Link>
      </>
    );
  }
  if (refusal === 'fund' && growth) return i18n._(NISA_REFUSAL[growth]);
  if (refusal === 'no_specific') return <Trans>一般口座のみをお選びのため、特定口座は使えません。</Trans>;
  if (refusal === 'nisa_pending') return <Trans>NISA口座は審査中です。</Trans>;
  return (
    <>
      <Trans>NISA口座が開設されていません。</Trans>{' '}
      <Link to="/information/nisa" className="link">
        <Trans>NISA口座を申し込む</Trans>
      </Link>
    </>
  );
}
