import { useLingui } from '@lingui/react/macro';
import { formatPriceYen } from '../../../shared/money';
import type { OrderTypeValue } from './OrderTypeFields';
import { kindOf } from './order-type';
import type { TicketSide } from './ticket';

/** The ticket's words for its sides and order types, shared by the ticket and its confirm sheet. */
export function useTicketTexts(mode: 'toggle' | 'fixed', priceScale: number) {
  const { t } = useLingui();
  const sideText: Record<TicketSide, string> = {
    cashBuy: t`現物買`,
    cashSell: t`現物売`,
    marginBuy: mode === 'fixed' ? t`買（いちにち信用）` : t`信用新規買`,
    marginShort: mode === 'fixed' ? t`売（いちにち信用）` : t`信用新規売（空売り）`,
    close: t`返済`,
  };
  const submitLabel = (activeSide: TicketSide) =>
    activeSide === 'close' ? t`返済注文の内容を確認` : activeSide === 'cashSell' || activeSide === 'marginShort' ? t`売り注文の内容を確認` : t`買い注文の内容を確認`;
  const orderTypeText = (v: OrderTypeValue) => {
    const kind = kindOf(v);
    const p = (x: number | null | undefined) => (x === null || x === undefined ? '' : ` ${formatPriceYen(x, priceScale)}`);
    if (kind === 'stop') return t`逆指値` + p(v.trigger) + ' → ' + (v.type === 'limit' ? t`指値` + p(v.price) : t`成行`);
    if (kind === 'oco') return `OCO` + p(v.price) + ' / ' + p(v.stop).trim();
    return kind === 'limit' ? t`指値` + p(v.price) : t`成行`;
  };
  return { sideText, submitLabel, orderTypeText };
}
