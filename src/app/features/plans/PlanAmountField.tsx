import { Trans, useLingui } from '@lingui/react/macro';
import { PLAN_LIMITS } from '../../../shared/domain/plan';
import { formatMoney, formatNumber } from '../../../shared/money';
import { Stepper } from '../../components/Stepper';
import { TextField } from '../../components/forms/Field';
import { LOT, type PlanFormState } from './plan-form';

/** How much a run buys: a fund's yen (typed), a stock's 単元 (a stepper, with the shares and the estimate). */
export function PlanAmountField({ form }: { form: PlanFormState }) {
  return form.kind === 'fund' ? <FundAmount form={form} /> : <StockLots form={form} />;
}

function FundAmount({ form }: { form: PlanFormState }) {
  const { t } = useLingui();
  const { amountText, setAmountText, setError, amountError } = form;
  return (
    <TextField
      label={t`1回の積立金額`}
      inputMode="numeric"
      autoComplete="off"
      value={amountText}
      onChange={(e) => {
        setAmountText(e.target.value);
        setError(null);
      }}
      error={amountError}
      hint={<Trans>{formatMoney(PLAN_LIMITS.minAmount)}以上1円単位（購入時手数料を含む金額）</Trans>}
      trailing={<span className="plan-suffix">{t`円`}</span>}
      data-testid="plan-amount"
    />
  );
}

function parseLots(s: string): number | null {
  const v = Number(s.replace(/[単元\s]/g, ''));
  return Number.isInteger(v) && v >= PLAN_LIMITS.minLots && v <= PLAN_LIMITS.maxLots ? v : null;
}

function StockLots({ form }: { form: PlanFormState }) {
  const { t } = useLingui();
  const { lots, setLots, perRun } = form;
  return (
    <Stepper
      label={t`1回の買付単元数`}
      value={lots}
      display={(v) => t`${v}単元`}
      parse={parseLots}
      onChange={setLots}
      onStep={(d) => setLots(Math.min(PLAN_LIMITS.maxLots, Math.max(PLAN_LIMITS.minLots, lots + d)))}
      canDown={lots > PLAN_LIMITS.minLots}
      canUp={lots < PLAN_LIMITS.maxLots}
      hint={
        <Trans>
          {formatNumber(lots * LOT)}株・概算 {formatMoney(perRun)}（現在値で計算。実際は約定価格）
        </Trans>
      }
    />
  );
}
