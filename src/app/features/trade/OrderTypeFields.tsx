import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPriceYen } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import type { TicketQuote } from './ticket';
import { withKind, withStopType, type OrderKind, type OrderTypeContext, type OrderTypeValue, type PriceField as FieldName } from './order-type';
import { IssueNotice, PriceField } from './PriceField';
import { ConditionField, ValidityField } from './ConditionValidityFields';
import { ThenFields } from './ThenFields';
import { useOrderTypeFields, type OrderTypeFieldsProps } from './useOrderTypeFields';
import './order-type.css';

export { DEFAULT_ORDER_TYPE, orderTypeBody, orderTypeIssues, orderTypeReady } from './order-type';
export type { OrderTypeBody, OrderTypeValue } from './order-type';

/**
 * The order-type controls of the ticket (mode 'open') and of the close dialog (mode 'close'):
 * 成行 / 指値 / 逆指値 (and OCO for a close), 執行条件, 有効期限 and the IFD / IFDOCO close, each
 * with a line saying when it executes. Prices step along the tick grid; a price the server would
 * refuse, a trigger already reached or legs in the wrong order are shown here, and
 * `orderTypeReady` (order-type.ts) tells the caller whether the fields can be sent.
 *
 * `direction` (the position's: a long or a short; default 'up') decides which side a stop fires
 * on; `dayTrade` limits a day trade to day orders; `now` is the market clock's instant (for the
 * validity's business days), the browser's by default.
 *
 * Its parts: useOrderTypeFields.ts (what is derived from the props), PriceField.tsx (a price and its
 * issues), ConditionValidityFields.tsx (執行条件, 有効期限) and ThenFields.tsx (the IFD / IFDOCO close).
 */
export function OrderTypeFields(props: OrderTypeFieldsProps) {
  const { mode, quote, value: v } = props;
  const { t } = useLingui();
  const { ctx, today, rules, kind, issues, set, priceScale, kinds } = useOrderTypeFields(props);

  const field = (f: FieldName, label: string, val: number | null | undefined, put: (p: number) => OrderTypeValue, hint?: ReactNode) =>
    rules && val !== null && val !== undefined ? (
      <PriceField
        key={f}
        label={label}
        value={val}
        rules={rules}
        priceScale={priceScale}
        onChange={(p) => set(put(p))}
        hint={hint}
        issues={issues.filter((i) => i.field === f)}
        refusal={props.refusalOf?.(f)}
      />
    ) : null;

  return (
    <div className="otf" data-mode={mode}>
      <div className="ticket__field">
        <span className="stepper__label">{mode === 'open' ? <Trans>注文方法</Trans> : <Trans>決済方法</Trans>}</span>
        <Segmented
          label={mode === 'open' ? t`注文方法` : t`決済方法`}
          value={kind}
          options={kinds}
          onChange={(k) => set(withKind(v, k, quote, ctx))}
          className={mode === 'close' ? 'otf__kinds--4' : undefined}
        />
        <p className="otf__why small muted">
          <KindExplanation kind={kind} mode={mode} />
        </p>
      </div>

      {kind === 'limit' ? field('price', mode === 'open' ? t`指値` : t`決済指値`, v.price, (p) => ({ ...v, price: p })) : null}

      {kind === 'stop' ? (
        <>
          {field(
            'trigger',
            t`発動値段（逆指値）`,
            v.trigger,
            (p) => ({ ...v, trigger: p }),
            quote ? <TriggerHint side={ctx} quote={quote} /> : null,
          )}
          <div className="ticket__field">
            <span className="stepper__label">
              <Trans>発動後の注文</Trans>
            </span>
            <Segmented
              label={t`発動後の注文`}
              value={v.type}
              options={[
                { value: 'market', label: t`成行` },
                { value: 'limit', label: t`指値` },
              ]}
              onChange={(type) => set(withStopType(v, type))}
            />
          </div>
          {v.type === 'limit' ? field('price', t`発動後の指値`, v.price, (p) => ({ ...v, price: p })) : null}
        </>
      ) : null}

      {kind === 'oco' ? (
        <>
          {field('price', t`利益確定の指値`, v.price, (p) => ({ ...v, price: p }))}
          {field('stop', t`損切りの逆指値（発動で成行）`, v.stop, (p) => ({ ...v, stop: p }))}
        </>
      ) : null}

      {mode === 'open' ? <ConditionField v={v} ctx={ctx} onChange={set} /> : null}

      {!ctx.dayTrade ? <ValidityField value={v.validity} today={today} onChange={(validity) => set({ ...v, validity })} /> : null}

      {mode === 'open' ? (
        <ThenFields v={v} ctx={ctx} quote={quote} rules={rules} priceScale={priceScale} issues={issues} onChange={set} refusalOf={props.refusalOf} />
      ) : null}

      {issues
        .filter((i) => i.kind === 'validity' || i.kind === 'condition')
        .map((i) => (
          <IssueNotice key={`${i.field}-${i.kind}`} issue={i} priceScale={priceScale} />
        ))}
    </div>
  );
}

function KindExplanation({ kind, mode }: { kind: OrderKind; mode: 'open' | 'close' }) {
  switch (kind) {
    case 'market':
      return <Trans>値段を指定せず、いま売買できる値段ですぐに約定します（取引時間外は次の寄付で）。</Trans>;
    case 'limit':
      return <Trans>指定した値段か、それより有利な値段になったときだけ約定します。</Trans>;
    case 'stop':
      return mode === 'open' ? (
        <Trans>株価が発動値段に達したときに、成行または指値の注文を出します。達するまでは注文になりません。</Trans>
      ) : (
        <Trans>株価が発動値段に達したときに決済注文を出します（損切りや利益の確保に）。</Trans>
      );
    case 'oco':
      return <Trans>利益確定の指値と損切りの逆指値を同時に出し、先に条件を満たした方で決済します。もう一方は自動で取り消されます。</Trans>;
  }
}

/** Where the trigger stands against the price: a buy stop fires when the price rises to it, a sell stop when it falls to it. */
function TriggerHint({ side, quote }: { side: OrderTypeContext; quote: TicketQuote }) {
  const price = formatPriceYen(quote.price, quote.priceScale);
  const buy = (side.mode === 'open') === (side.direction === 'up');
  return buy ? (
    <Trans>現在値 {price}。株価がこの値段以上になると発動します。</Trans>
  ) : (
    <Trans>現在値 {price}。株価がこの値段以下になると発動します。</Trans>
  );
}
