import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { lendingApi } from '../../../shared/api/lending';
import { formatIsoDate } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { toast } from '../../components/Toast';
import { LENDING_INVALIDATES, stockQuery } from './api';

export type StockLendingConfirm = { kind: 'lend'; id: string; label: string } | { kind: 'recall'; id: string; label: string };
export type StockLendingState = Extract<ReturnType<typeof useStockLending>, { loaded: true }>;

/**
 * Everything the stock-lending screen (StockLendingScreens.tsx) knows: until the loans have loaded,
 * only whether that failed; then the yearly rate, the live loans, the shares that can be lent, the
 * lend or recall being confirmed, the last error, and the commands.
 */
export function useStockLending() {
  const { t, i18n } = useLingui();
  const data = useQuery(stockQuery());
  const [confirm, setConfirm] = useState<StockLendingConfirm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lend = useMoneyCommand(lendingApi.lend, { invalidate: LENDING_INVALIDATES });
  const recall = useMoneyCommand(lendingApi.recall, { invalidate: LENDING_INVALIDATES });
  if (!data.data) return { loaded: false as const, isError: data.isError };
  const { rateBp, lendable, items } = data.data;
  const live = items.filter((x) => x.status !== 'completed');
  const nameOf = (x: { code: string; nameJa: string | null; nameEn: string | null }) => `${displayName(x, i18n.locale)} (${x.code})`;
  const fail = (e: unknown) => {
    setConfirm(null);
    setError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`処理に失敗しました`);
  };
  const run = () => {
    if (!confirm) return;
    if (confirm.kind === 'lend') {
      lend.mutate({ body: { positionId: confirm.id } }, { onSuccess: () => (setConfirm(null), toast(t`貸株を開始しました`)), onError: fail });
    } else {
      recall.mutate(
        { params: { id: confirm.id } },
        {
          onSuccess: (r) => {
            const date = formatIsoDate(r.item.completesOn ?? '');
            setConfirm(null);
            toast(t`返却を申し込みました（${date} 完了予定）`);
          },
          onError: fail,
        },
      );
    }
  };
  /** Open the confirmation of a lend or a recall. */
  const ask = (next: StockLendingConfirm) => {
    setError(null);
    (next.kind === 'lend' ? lend : recall).begin();
    setConfirm(next);
  };
  const cancel = () => (lend.end(), recall.end(), setConfirm(null));
  return { loaded: true as const, rateBp, lendable, live, nameOf, error, confirm, ask, cancel, run, busy: lend.isPending || recall.isPending };
}
