import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { TrustFundView, TrustHoldingView, TrustOrderBody, TrustOrderView } from '../../../shared/api/trusts';
import type { AccountType } from '../../../shared/domain/account-type';
import { TRUST_MAX_AMOUNT, TRUST_MIN_AMOUNT } from '../../../shared/domain/trust';
import { formatMoney, formatNumber } from '../../../shared/money';
import { useDebounced } from '../../components/useDebounced';
import { taxAccountQuery } from '../tax-account';
import { trustHoldingsQuery, trustPreviewQuery, usePlaceTrustOrder, type TrustPreviewInput } from './api';
import { BUY_ACCOUNTS, buyAccount, buyBody, buyRefusal, errorText, parseWhole, refusalText, sellBody, type BuyMode, type SellMode } from './trust-order';

/*
 * The fund order ticket's state (TrustOrderScreen): one hook per side, each built on the two both
 * sides share, the server's estimate (useTrustPreview) and the confirm-and-place command
 * (useTrustCommand).
 */

type OnDone = (o: TrustOrderView) => void;

/** Confirm, place and the failure of one fund order. */
export function useTrustCommand(onDone: OnDone) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const place = usePlaceTrustOrder((o) => {
    setConfirming(false);
    onDone(o);
  });
  const close = useCallback(() => {
    place.end();
    setConfirming(false);
  }, [place]);
  const open = () => {
    place.begin();
    setError(null);
    setConfirming(true);
  };
  const onError = (e: unknown) => {
    setConfirming(false);
    setError(errorText(e));
  };
  const submit = (body: TrustOrderBody) => place.mutate({ body }, { onError });
  return { confirming, error, busy: place.isPending, open, close, submit, clearError: () => setError(null) };
}
export type TrustCommand = ReturnType<typeof useTrustCommand>;

/** The server's estimate of `body`, asked once typing stops; `p` is undefined while there is none. */
export function useTrustPreview(body: TrustOrderBody | null, idle: TrustPreviewInput) {
  const input = useDebounced(body, 350);
  const preview = useQuery({ ...trustPreviewQuery(input ?? idle), enabled: input !== null });
  const p = input !== null ? preview.data : undefined;
  return { asked: input !== null, p, fetching: preview.isFetching, failed: input !== null && preview.isError, refused: refusalText(p?.refusal) };
}
export type TrustEstimate = ReturnType<typeof useTrustPreview>;

/** The mode and the text typed: another mode empties the text; typing clears the last failure. */
function useTyped<M>(first: M, command: TrustCommand) {
  const [mode, setMode] = useState<M>(first);
  const [text, setText] = useState('');
  const changeMode = (m: M) => {
    setMode(m);
    setText('');
  };
  const type = (s: string) => {
    setText(s);
    command.clearError();
  };
  return { mode, text, changeMode, type };
}

export function useBuyTicket(f: TrustFundView, initial: AccountType | undefined, onDone: OnDone) {
  const tax = useQuery(taxAccountQuery()).data;
  const command = useTrustCommand(onDone);
  const typed = useTyped<BuyMode>('amount', command);
  const { mode, text } = typed;
  const [pick, setPick] = useState<AccountType | null>(initial ?? null);
  const taxInfo = tax ? { specific: tax.specific, nisa: tax.nisa.state } : undefined;
  const refusals = new Map(BUY_ACCOUNTS.map((a) => [a, buyRefusal(a, f, taxInfo)] as const));
  const account = buyAccount(pick, refusals);
  const { n, inputError } = useBuyInput(text, mode);
  const body = n !== null && inputError === null && account !== null ? buyBody(f.id, account, mode, n) : null;
  const estimate = useTrustPreview(body, { fundId: f.id, side: 'buy', account: 'specific', mode: 'amount' });
  const choose = (a: AccountType) => {
    setPick(a);
    command.clearError();
  };
  return { f, form: { ...typed, inputError, account, refusals, choose }, body, estimate, command };
}
export type BuyTicketState = ReturnType<typeof useBuyTicket>;

export function useSellTicket(f: TrustFundView, initial: AccountType | undefined, onDone: OnDone) {
  const tax = useQuery(taxAccountQuery()).data;
  const holdings = useQuery(trustHoldingsQuery());
  const held: TrustHoldingView[] = (holdings.data?.items ?? []).filter((h) => h.fundId === f.id);
  const command = useTrustCommand(onDone);
  const typed = useTyped<SellMode>('units', command);
  const { mode, text } = typed;
  const [pick, setPick] = useState<AccountType | null>(initial ?? null);
  const holding = held.find((h) => h.account === pick) ?? held[0] ?? null;
  const account = holding?.account ?? null;
  const free = holding ? holding.units - holding.pendingSellUnits : 0;
  const { n, inputError } = useSellInput(text, mode, free);
  const valid = account !== null && (mode === 'all' ? free > 0 : n !== null && inputError === null);
  const body = valid && account ? sellBody(f.id, account, mode, n) : null;
  const estimate = useTrustPreview(body, { fundId: f.id, side: 'sell', account: 'specific', mode: 'all' });
  const form = { ...typed, inputError, held, holding, account, free, choose: setPick };
  return { f, loading: holdings.isPending, withholding: tax?.withholding, form, body, estimate, command };
}
export type SellTicketState = ReturnType<typeof useSellTicket>;

/** The number typed on a buy, and what is wrong with it (null: nothing, or nothing typed). */
function useBuyInput(text: string, mode: BuyMode) {
  const { t } = useLingui();
  const n = parseWhole(text);
  const inputError =
    text.trim() === ''
      ? null
      : n === null
        ? t`半角数字で入力してください`
        : mode === 'amount' && n < TRUST_MIN_AMOUNT
          ? t`${formatMoney(TRUST_MIN_AMOUNT)}以上、1円単位で指定してください`
          : mode === 'amount' && n > TRUST_MAX_AMOUNT
            ? t`${formatMoney(TRUST_MAX_AMOUNT)}以下で指定してください`
            : mode === 'units' && n < 1
              ? t`1口以上で指定してください`
              : null;
  return { n, inputError };
}

/** The units typed on a 解約, and what is wrong with them (null: nothing, nothing typed, or 全部). */
function useSellInput(text: string, mode: SellMode, free: number) {
  const { t } = useLingui();
  const n = parseWhole(text);
  const inputError =
    mode === 'all' || text.trim() === ''
      ? null
      : n === null
        ? t`半角数字で入力してください`
        : n < 1
          ? t`1口以上で指定してください`
          : n > free
            ? t`解約できる口数（${formatNumber(free)}口）以下で指定してください`
            : null;
  return { n, inputError };
}
