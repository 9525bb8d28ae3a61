import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, formatPercent } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import type { OrderPreview } from './api';

export type MarginRiskTerms = NonNullable<OrderPreview['risk']>;

/**
 * The costs and levels a margin or short position opened now lives by (GET trade/preview `risk`,
 * the server's own terms): the yearly 買方金利 / 貸株料 and what it costs a day at this size, the
 * margin-call (追証) and forced-close ratios, and that losses can exceed the deposit. A day trade
 * (いちにち信用) is closed the same day and pays no interest.
 */
export function MarginRisk({ risk, short, dayTrade }: { risk: MarginRiskTerms | null; short: boolean; dayTrade: boolean }) {
  const { t } = useLingui();
  return (
    <section className="margin-risk" aria-label={t`信用取引のコストとリスク`} data-testid="margin-risk">
      <dl className="kv">
        <dt>{short ? <Trans>貸株料（年率）</Trans> : <Trans>買方金利（年率）</Trans>}</dt>
        <dd className="mono">
          {dayTrade ? <Trans>かかりません（いちにち信用）</Trans> : risk ? formatPercent(risk.yearlyRateBp, { sign: false }) : '—'}
        </dd>
        {!dayTrade ? (
          <>
            <dt>
              <Trans>1日あたりの概算</Trans>
            </dt>
            <dd className="mono">{risk ? formatMoney(risk.interestPerDay) : '—'}</dd>
          </>
        ) : null}
        <dt>
          <Trans>追証となる維持率</Trans>
        </dt>
        <dd className="mono">{risk ? <Trans>{formatPercent(risk.maintenanceRatioBp, { sign: false })}未満</Trans> : '—'}</dd>
        <dt>
          <Trans>強制決済となる維持率</Trans>
        </dt>
        <dd className="mono">{risk ? <Trans>{formatPercent(risk.forcedCloseRatioBp, { sign: false })}未満</Trans> : '—'}</dd>
      </dl>
      <p className="notice notice--warn">
        <Icon d={icons.alert} size={18} />
        <span>
          {short ? (
            <Trans>空売りは株価が上がるほど損失が膨らみます。損失は預けた保証金を上回ることがあります。</Trans>
          ) : (
            <Trans>信用取引の損失は、預けた保証金を上回ることがあります。</Trans>
          )}
        </span>
      </p>
    </section>
  );
}
