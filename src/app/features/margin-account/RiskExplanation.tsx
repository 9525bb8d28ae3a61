import { Trans, useLingui } from '@lingui/react/macro';
import { formatLeverage, formatPercent } from '../../../shared/money';
import { useSiteConfig } from '../../api/site-config';

/**
 * The 信用取引 risk explanation (信用取引の危険性) the application shows before its four key-risk
 * checkboxes and the 同意. It states only the rules this app has (docs/domain.md "Trading",
 * "Shortfall", "Day trading"), with the operator's current levels and rates (config); the version
 * agreed to is MARGIN_RISK_VERSION, and a new text needs a new version.
 */
export function RiskExplanation() {
  const { t } = useLingui();
  const c = useSiteConfig().data;
  const pct = (bp: number | undefined) => (bp === undefined ? '—' : formatPercent(bp, { sign: false }));
  const lev = c ? formatLeverage(c.maxLeverage) : '—';
  const maintenance = pct(c?.maintenanceRatioBp);
  const forced = pct(c?.forcedCloseRatioBp);
  const interest = pct(c?.marginInterestBp);
  const fee = pct(c?.shortFeeBp);
  return (
    <section className="margin-risk-text" aria-label={t`信用取引の危険性`}>
      <ol className="margin-risk-text__list small">
        <li>
          <Trans>約定代金をレバレッジ（最大{lev}）で割った額を保証金として拘束し、保証金を上回る金額の取引ができます。値動きに対する損益も、その分大きくなります。</Trans>
        </li>
        <li>
          <Trans>建玉ごとの委託保証金維持率（保証金と評価損益の合計 ÷ 建玉の時価）が{maintenance}を下回ると追証（追加保証金）のお知らせが届き、{forced}を下回ると、その建玉は市場の価格で強制的に決済されます。</Trans>
        </li>
        <li>
          <Trans>損失は預けた保証金を上回ることがあります。不足した金額は不足金となり、翌営業日までにお支払いいただきます。不足金がある間は新規の注文ができず、期日を過ぎると年14.6%の遅延損害金がかかります。</Trans>
        </li>
        <li>
          <Trans>信用新規買には買方金利（年{interest}）が、空売りには貸株料（年{fee}）が、約定代金全体に暦日ごとにかかります。いちにち信用は当日の大引けで自動的に決済され、金利・貸株料はかかりません。</Trans>
        </li>
        <li>
          <Trans>空売りは株価が上がるほど損失が膨らみ、損失に上限はありません。権利付最終日をまたいで保有すると、配当金相当額をお支払いいただきます。</Trans>
        </li>
      </ol>
    </section>
  );
}
