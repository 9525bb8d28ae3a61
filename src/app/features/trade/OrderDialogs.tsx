import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import { formatMoney, formatPrice, formatPriceYen } from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Stepper } from '../../components/Stepper';
import { quoteQuery, tradeCommand, type PositionView } from './api';
import { canStepPrice, limitRefusal, parsePriceInput, stepLimitPrice, type PriceRules, type TicketQuote } from './ticket';
import { LimitPriceNotice } from './LimitPriceNotice';
import { reached, sideOf } from './order-type';

/* The 取消 and 訂正 dialogs of a waiting order or close order (PositionBody). */

export function CancelDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.cancelOrder,
    tradeCommand(client, () => {
      toast(t`取り消しました`);
      onDone();
    }),
  );
  const cancel = useCallback(() => {
    action.end();
    onDone();
  }, [action, onDone]);
  return (
    <ActionDialog
      title={p.status === 'closing' ? t`決済注文を取り消しますか？` : t`注文を取り消しますか？`}
      confirmLabel={t`取り消す`}
      cancelLabel={t`戻る`}
      danger
      busy={action.isPending}
      onConfirm={() => {
        if (!action.isPending) action.mutate({ params: { id: p.id } });
      }}
      onCancel={cancel}
    >
      {p.status === 'pending' ? (
        <p>
          <Trans>拘束中の資金 {formatMoney(p.reserved, p.currency)} は買付余力に戻ります。</Trans>
        </p>
      ) : (
        <p>
          <Trans>建玉は保有中に戻ります。</Trans>
        </p>
      )}
    </ActionDialog>
  );
}

/** 訂正 is offered for what the server lets change: a waiting limit price or a trigger not yet reached. */
export function amendable(p: PositionView): boolean {
  if (p.status === 'pending') return p.priceType === 'limit' || (p.trigger !== null && p.triggeredAt === null);
  if (p.status === 'closing') return p.closeType === 'limit' || (p.closeTrigger !== null && p.closeTriggeredAt === null);
  return false;
}

/** The quote of a position's stock in the shape the order controls use. */
export function useTicketQuote(code: string): TicketQuote | null {
  const quote = useQuery(quoteQuery(code));
  const d = quote.data;
  return useMemo(
    () => (d ? { price: d.quote.price, bid: d.quote.bid, ask: d.quote.ask, priceScale: d.quote.priceScale, limits: d.quote.limits, tickTable: d.instrument.tickTable } : null),
    [d],
  );
}

export function AmendDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t } = useLingui();
  const q = useTicketQuote(p.code);
  const rules: PriceRules | null = q ? { table: q.tickTable ?? 'other', limits: q.limits } : null;
  const opening = p.status === 'pending';
  const oldPrice = opening ? (p.priceType === 'limit' ? p.limitPrice : null) : p.closeType === 'limit' ? p.closeLimitPrice : null;
  const oldTrigger = opening ? (p.triggeredAt === null ? p.trigger : null) : p.closeTriggeredAt === null ? p.closeTrigger : null;
  const [price, setPrice] = useState<number | null>(oldPrice);
  const [trigger, setTrigger] = useState<number | null>(oldTrigger);
  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.amendOrder,
    tradeCommand(client, () => {
      toast(t`訂正しました`);
      onDone();
    }),
  );
  const cancel = useCallback(() => {
    action.end();
    onDone();
  }, [action, onDone]);
  const display = useCallback((v: number) => formatPrice(v, p.priceScale), [p.priceScale]);
  const side = sideOf({ mode: opening ? 'open' : 'close', direction: p.direction });
  const priceRefusal = price !== null && rules ? limitRefusal(price, rules, p.priceScale) : null;
  const triggerRefusal = trigger !== null && rules ? limitRefusal(trigger, rules, p.priceScale) : null;
  const triggerReached = trigger !== null && q !== null && reached(side, trigger, q.price);
  const body: { price?: number; trigger?: number } = {};
  if (price !== null && price !== oldPrice) body.price = price;
  if (trigger !== null && trigger !== oldTrigger) body.trigger = trigger;
  const ok = (body.price !== undefined || body.trigger !== undefined) && !priceRefusal && !triggerRefusal && !triggerReached;
  const stepper = (label: string, value: number, set: (v: number) => void) =>
    rules ? (
      <Stepper
        label={label}
        value={value}
        display={display}
        inputMode="decimal"
        parse={(text) => parsePriceInput(text, p.priceScale)}
        onChange={(v) => {
          action.end();
          set(v);
        }}
        onStep={(d) => {
          action.end();
          set(stepLimitPrice(value, d, rules));
        }}
        canDown={canStepPrice(value, -1, rules)}
        canUp={canStepPrice(value, 1, rules)}
        suffix={t`円`}
      />
    ) : null;
  return (
    <ActionDialog
      title={opening ? t`注文を訂正しますか？` : t`決済注文を訂正しますか？`}
      confirmLabel={t`訂正する`}
      cancelLabel={t`戻る`}
      busy={action.isPending}
      confirmDisabled={!ok}
      onConfirm={() => {
        if (ok && !action.isPending) action.mutate({ params: { id: p.id }, body });
      }}
      onCancel={cancel}
    >
      <p className="small muted">
        <Trans>指値と、まだ発動していない逆指値の値段を訂正できます。数量や注文の種類を変えるときは、取り消してから注文し直してください。</Trans>
      </p>
      {price !== null ? stepper(t`指値`, price, setPrice) : null}
      {priceRefusal ? <LimitPriceNotice refusal={priceRefusal} onPick={setPrice} /> : null}
      {trigger !== null ? stepper(t`発動値段（逆指値）`, trigger, setTrigger) : null}
      {triggerRefusal ? <LimitPriceNotice refusal={triggerRefusal} onPick={setTrigger} /> : null}
      {triggerReached && q ? (
        <p className="notice notice--warn" role="alert">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>株価（{formatPriceYen(q.price, q.priceScale)}）がすでにこの発動値段に達しています。まだ達していない値段を指定してください。</Trans>
          </span>
        </p>
      ) : null}
      {opening && price !== null && p.direction === 'up' ? (
        <p className="small muted">
          <Trans>買いの指値を訂正すると、拘束中の資金も新しい指値に合わせて変わります。</Trans>
        </p>
      ) : null}
    </ActionDialog>
  );
}
