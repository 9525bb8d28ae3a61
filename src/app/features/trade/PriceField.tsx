import { useCallback, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, formatPriceYen } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Stepper } from '../../components/Stepper';
import { LimitPriceNotice } from './LimitPriceNotice';
import { canStepPrice, parsePriceInput, stepLimitPrice, type PriceRules } from './ticket';
import type { OrderTypeIssue } from './order-type';

/** A price of the order-type controls (OrderTypeFields, ThenFields): a stepper on the tick grid and what is wrong with it. */
export function PriceField({
  label,
  value,
  rules,
  priceScale,
  onChange,
  hint,
  issues,
  refusal,
}: {
  label: string;
  value: number;
  rules: PriceRules;
  priceScale: number;
  onChange: (p: number) => void;
  hint?: ReactNode;
  issues: OrderTypeIssue[];
  /** The server's refusal of this price, kept until the price changes (server-errors.ts). */
  refusal?: string | null;
}) {
  const { t } = useLingui();
  const display = useCallback((p: number) => formatPrice(p, priceScale), [priceScale]);
  return (
    <>
      <Stepper
        label={label}
        value={value}
        display={display}
        inputMode="decimal"
        parse={(text) => parsePriceInput(text, priceScale)}
        onChange={onChange}
        onStep={(d) => onChange(stepLimitPrice(value, d, rules))}
        canDown={canStepPrice(value, -1, rules)}
        canUp={canStepPrice(value, 1, rules)}
        suffix={t`円`}
        hint={hint}
      />
      {issues.map((i) =>
        i.kind === 'refusal' ? (
          <LimitPriceNotice key={i.refusal.id} refusal={i.refusal} onPick={onChange} />
        ) : (
          <IssueNotice key={i.kind} issue={i} priceScale={priceScale} />
        ),
      )}
      {refusal ? (
        <p className="field__error" role="alert" data-testid="field-refusal">
          {refusal}
        </p>
      ) : null}
    </>
  );
}

/** What is wrong with a field, as a warning under it (a refusal has its own LimitPriceNotice). */
export function IssueNotice({ issue, priceScale }: { issue: OrderTypeIssue; priceScale: number }) {
  let text: ReactNode;
  if (issue.kind === 'reached') {
    const price = formatPriceYen(issue.price, priceScale);
    const trigger = formatPriceYen(issue.trigger, priceScale);
    text = <Trans>株価（{price}）がすでに発動値段 {trigger} に達しています。まだ達していない値段を指定してください。</Trans>;
  } else if (issue.kind === 'legs') {
    text = <Trans>損切りの値段は、利益確定の値段より不利な側（買いの決済なら下、売りの決済なら上）に指定してください。</Trans>;
  } else if (issue.kind === 'validity') {
    text = <Trans>有効期限は当日・今週、または15営業日先までの取引日から選んでください。</Trans>;
  } else if (issue.kind === 'condition') {
    text = <Trans>この執行条件はこの注文には指定できません。</Trans>;
  } else if (issue.kind === 'missing') {
    text = <Trans>値段を指定してください。</Trans>;
  } else {
    return null;
  }
  return (
    <p className="notice notice--warn" role="alert" data-issue={issue.kind}>
      <Icon d={icons.alert} size={18} />
      <span>{text}</span>
    </p>
  );
}
