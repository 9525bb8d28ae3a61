import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MARGIN_AGREEMENT_VERSION, tradeApi } from '../../../shared/api/trade';
import { formatLeverage, formatPercent } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointKey } from '../../api/query';
import { DialogBox } from '../../components/ConfirmDialog';
import type { MarginRiskTerms } from './MarginRisk';
import type { MarginAgreement } from './ticket-api';

/**
 * The 信用取引 risk explanation the first margin or short order asks the user to agree to (issue 13
 * item 4). It states only the rules this app has (docs/domain.md "Trading", "Shortfall",
 * "Corporate actions", "Day trading"), with the levels and rate of the order at hand; the
 * agreement (version and time) is recorded by the server, which refuses margin orders without it.
 */
export function MarginAgreementDialog({
  risk,
  short,
  maxLeverage,
  onAgreed,
  onCancel,
}: {
  risk: MarginRiskTerms | null;
  short: boolean;
  maxLeverage: number;
  onAgreed: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const agree = useMutation({
    mutationFn: () => apiCall(tradeApi.agreeToMargin, { body: { version: MARGIN_AGREEMENT_VERSION } }),
    onSuccess: (data: MarginAgreement) => {
      client.setQueryData(endpointKey(tradeApi.marginAgreement, {}), data);
      onAgreed();
    },
  });
  const maintenance = risk ? formatPercent(risk.maintenanceRatioBp, { sign: false }) : '—';
  const forced = risk ? formatPercent(risk.forcedCloseRatioBp, { sign: false }) : '—';
  const rate = risk ? formatPercent(risk.yearlyRateBp, { sign: false }) : '—';
  const lev = formatLeverage(maxLeverage);
  return (
    <DialogBox
      title={t`信用取引のリスクについて`}
      confirmLabel={t`同意する`}
      cancelLabel={t`同意しない`}
      busy={agree.isPending}
      className="dialog--wide"
      bodyClassName="dialog__body--left margin-agreement"
      onConfirm={() => {
        if (!agree.isPending) agree.mutate();
      }}
      onCancel={onCancel}
    >
      <p className="small">
        <Trans>信用取引（信用新規買・信用新規売（空売り）・いちにち信用）を始める前に、次の点をご確認ください。</Trans>
      </p>
      <ol className="margin-agreement__list small">
        <li>
          <Trans>
            約定代金をレバレッジ（最大{lev}）で割った額を保証金として拘束し、保証金を上回る金額の取引ができます。値動きに対する損益も、その分大きくなります。
          </Trans>
        </li>
        <li>
          <Trans>
            建玉ごとの委託保証金維持率（保証金と評価損益の合計 ÷ 建玉の時価）が{maintenance}を下回ると追証（追加保証金）のお知らせが届き、{forced}を下回ると、その建玉は市場の価格で強制的に決済されます。
          </Trans>
        </li>
        <li>
          <Trans>
            損失は預けた保証金を上回ることがあります。不足した金額は不足金となり、翌営業日までにお支払いいただきます。不足金がある間は新規の注文ができず、期日を過ぎると年14.6%の遅延損害金がかかります。
          </Trans>
        </li>
        <li>
          {short ? (
            <Trans>空売りには貸株料（この注文：年{rate}）が、約定代金全体に暦日ごとにかかります。信用新規買には買方金利がかかります。</Trans>
          ) : (
            <Trans>信用新規買には買方金利（この注文：年{rate}）が、約定代金全体に暦日ごとにかかります。空売りには貸株料がかかります。</Trans>
          )}{' '}
          <Trans>返済期限はありませんが、保有している間は毎日かかり続けます。いちにち信用は当日の大引けで自動的に決済され、金利・貸株料はかかりません。</Trans>
        </li>
        <li>
          <Trans>空売りは株価が上がるほど損失が膨らみ、損失に上限はありません。権利付最終日をまたいで保有すると、配当金相当額をお支払いいただきます。</Trans>
        </li>
      </ol>
      {agree.isError ? (
        <p className="small tone-warn" role="alert">
          <Trans>同意を記録できませんでした。もう一度お試しください。</Trans>
        </p>
      ) : null}
    </DialogBox>
  );
}
