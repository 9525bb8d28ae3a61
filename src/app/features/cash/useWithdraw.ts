import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { withdrawalApi } from '../../../shared/api/cash';
import { fundsApi } from '../../../shared/api/funds';
import { type Currency, formatIsoDate, HOME_CURRENCY, typedAmount } from '../../../shared/money';
import { useServerErrors } from '../../api/server-errors';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { toast } from '../../components/Toast';
import { bankAccountsQuery, walletsQuery } from './api';
import { ACCOUNT_TYPE_LABEL } from './labels';

// An admin decides on the server: read afresh on every visit, and while one waits, every 15 s.
const withdrawalsQuery = () =>
  endpointQuery(withdrawalApi.withdrawals, {}, { staleTime: 0, refetchInterval: (q) => (q.state.data?.items.some((w) => w.status === 'pending') ? 15_000 : false) });

const FIELDS = ['amount', 'fundPassword'] as const;
/** The server's refusals that name no field but are about one (useServerErrors). */
const REFUSAL_FIELD = {
  withdraw_amount_out_of_range: 'amount',
  balance_insufficient_withdraw: 'amount',
  fund_password_wrong: 'fundPassword',
  fund_password_not_set: 'fundPassword',
} as const;

export type WithdrawState = Extract<ReturnType<typeof useWithdraw>, { loaded: true }>;

/**
 * Everything the withdrawal screen (WithdrawScreen.tsx) knows: until the requests, the bank
 * accounts and the wallets have loaded, only whether that failed; then the destinations and the one
 * chosen (its currency, limits and withdrawable breakdown), the amount and fund password typed and
 * whether they pass, the requests (one pending blocks another), and the commands.
 */
export function useWithdraw() {
  const { t, i18n } = useLingui();
  const data = useQuery(withdrawalsQuery());
  const banks = useQuery(bankAccountsQuery());
  const wallets = useQuery(walletsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const refused = useServerErrors(FIELDS, REFUSAL_FIELD);
  const submit = useMoneyCommand(withdrawalApi.withdraw, { invalidate: [endpointArea(withdrawalApi.withdrawals), endpointArea(fundsApi.summary)], silent: true });
  if (!data.data || !banks.data || !wallets.data) return { loaded: false as const, isError: data.isError };
  const { rules, items } = data.data;
  const verified = banks.data.identity.verified;
  const destinations = [
    ...banks.data.items.map((a) => ({
      key: `bank:${a.id}`, body: { bankAccountId: a.id }, label: `${a.bankName} ${a.branchName} ${i18n._(ACCOUNT_TYPE_LABEL[a.type])} ${a.numberMasked}`, usableAt: a.usableAt,
    })),
    ...wallets.data.items.map((w) => ({
      key: `wallet:${w.id}`, body: { walletId: w.id }, label: `${w.network} ${w.address.slice(0, 6)}…${w.address.slice(-4)}${w.label ? `（${w.label}）` : ''}`, usableAt: w.usableAt,
    })),
  ];
  const destination = destinations.find((d) => d.key === chosen) ?? destinations[0];
  // A bank account receives yen, a wallet USDT from the USDT balance (never converted on the way out).
  const currency: Currency = destination && 'walletId' in destination.body ? 'USDT' : HOME_CURRENCY;
  const limits = currency === 'USDT' ? data.data.usdt : rules;
  const breakdown = currency === 'USDT' ? data.data.usdt.breakdown : data.data.breakdown;
  const value = typedAmount(amount, currency);
  const amountOk = value !== null && value >= limits.min && value <= limits.max && value <= breakdown.withdrawable;
  const passwordOk = /^\d{6}$/.test(password);
  const pending = items.some((w) => w.status === 'pending');
  const send = () => {
    if (!destination) return;
    refused.clear();
    submit.mutate(
      { body: { amount: value!, fundPassword: password, ...destination.body } },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setAmount('');
          setPassword('');
          toast(t`出金を申請しました（着金予定 ${formatIsoDate(r.withdrawal.expectedOn)}）`);
        },
        onError: (e) => {
          setConfirming(false);
          refused.report(e, { amount, fundPassword: password });
        },
      },
    );
  };
  const review = (e: FormEvent) => {
    e.preventDefault();
    if (amountOk && passwordOk && !pending) {
      submit.begin();
      setConfirming(true);
    }
  };
  const choose = (key: string) => {
    setChosen(key);
    setAmount('');
  };
  const cancelConfirm = () => (submit.end(), setConfirming(false));
  return {
    loaded: true as const,
    rules, items, verified, destinations, destination, currency, limits, breakdown, pending, choose,
    amount, setAmount, value, amountOk, password, setPassword, passwordOk, review,
    error: refused.formError, amountError: refused.errorOf('amount', amount), passwordError: refused.errorOf('fundPassword', password),
    confirming, cancelConfirm, send, submitting: submit.isPending,
  };
}
