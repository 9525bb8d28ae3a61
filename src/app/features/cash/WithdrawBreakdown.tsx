import { Trans } from '@lingui/react/macro';
import { type Currency, formatMoney } from '../../../shared/money';

/** How the withdrawable amount is computed, line by line, in the currency the chosen destination receives. */
export function WithdrawBreakdown({ b, currency }: { b: { held: number; unsettled: number; frozen: number; margin: number; collateral: number; shortfallOwed: number; withdrawable: number }; currency: Currency }) {
  const formatMoney = (n: number) => formatAmount(n, currency);
  const minus = (n: number) => `\u2212${formatMoney(n)}`;
  return (
    <section className="card withdraw-breakdown" data-testid="withdraw-breakdown">
      <h2 className="card__title">
        <Trans>出金可能額の内訳</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>預り金の合計</Trans>
        </dt>
        <dd className="mono">{formatMoney(b.held)}</dd>
        <dt>
          <Trans>受渡前の売却代金（受渡日まで出金できません）</Trans>
        </dt>
        <dd className="mono">{minus(b.unsettled)}</dd>
        <dt>
          <Trans>拘束中（注文・出金申請など）</Trans>
        </dt>
        <dd className="mono">{minus(b.frozen)}</dd>
        <dt>
          <Trans>保有株・建玉に充てている資金</Trans>
        </dt>
        <dd className="mono">{minus(b.margin)}</dd>
        {b.collateral > 0 ? (
          <>
            <dt>
              <Trans>借入の担保</Trans>
            </dt>
            <dd className="mono">{minus(b.collateral)}</dd>
          </>
        ) : null}
        {b.shortfallOwed > 0 ? (
          <>
            <dt>
              <Trans>不足金（返済されるまで出金できません）</Trans>
            </dt>
            <dd className="mono">{minus(b.shortfallOwed)}</dd>
          </>
        ) : null}
        <dt className="withdraw-breakdown__total">
          <Trans>出金可能額</Trans>
        </dt>
        <dd className="mono withdraw-breakdown__total" data-testid="withdrawable">
          {formatMoney(b.withdrawable)}
        </dd>
      </dl>
      <p className="withdraw-note">
        <Trans>出金できるのは受渡済みの自由な現金です。手数料や「解除料」などを求めることはありません。</Trans>
      </p>
    </section>
  );
}

const formatAmount = formatMoney;
