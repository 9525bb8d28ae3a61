import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Direction } from '../../../shared/domain/position';
import type { TicketQuote } from './ticket';
import { kindOf, normalize, orderTypeIssues, rulesOf, tokyoToday, type OrderKind, type OrderTypeContext, type OrderTypeValue } from './order-type';

/** OrderTypeFields' props. */
export type OrderTypeFieldsProps = {
  mode: 'open' | 'close';
  quote: TicketQuote | null;
  value: OrderTypeValue;
  onChange: (v: OrderTypeValue) => void;
  direction?: Direction;
  dayTrade?: boolean;
  now?: number;
  /** The server's refusal shown under a field (the ticket's useTicketCommands), if any. */
  refusalOf?: (field: string) => string | null;
};

/** What OrderTypeFields derives from its props: the context, today, the price rules, the kind and its choices, the issues, and `set` (normalized). */
export function useOrderTypeFields(props: OrderTypeFieldsProps) {
  const { mode, quote, value: v, onChange } = props;
  const { t } = useLingui();
  const ctx: OrderTypeContext = useMemo(
    () => ({ mode, direction: props.direction ?? 'up', dayTrade: props.dayTrade ?? false }),
    [mode, props.direction, props.dayTrade],
  );
  const today = tokyoToday(props.now ?? Date.now());
  const rules = rulesOf(quote);
  const kind = kindOf(v);
  const issues = orderTypeIssues(v, ctx, quote, today);
  const set = (next: OrderTypeValue) => onChange(normalize(next, ctx));
  const priceScale = quote?.priceScale ?? 10;

  const kinds: { value: OrderKind; label: string }[] = [
    { value: 'market', label: t`成行` },
    { value: 'limit', label: t`指値` },
    { value: 'stop', label: t`逆指値` },
  ];
  if (mode === 'close') kinds.push({ value: 'oco', label: t`OCO` });
  return { ctx, today, rules, kind, issues, set, priceScale, kinds };
}
