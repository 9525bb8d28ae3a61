/**
 * Pure rules of withdrawals (docs/domain.md "Withdrawals"): the accepting hours on Tokyo business
 * days, the amount limits, the expected arrival, and how a destination is named to the user.
 * Unit-tested in tests/unit/withdrawals-rules.test.ts.
 */
import { isTradingDay, jstDate, jstMinuteOfDay, nextTradingDay, type IsoDate } from '../../../shared/market';
import type { WalletNetwork } from '../../../shared/domain/wallet-address';
import { BANK_ACCOUNT_TYPES, type BankAccountType } from '../../../shared/api/cash';
import { maskAccountNumber } from './rules';
import { minutesOf } from './hours';

/** Whether the amount lies within [min, max] (whole yen). */
export function amountAllowed(amount: number, min: number, max: number): boolean {
  return Number.isSafeInteger(amount) && amount >= min && amount <= max;
}

/**
 * The expected arrival of a withdrawal requested at `at`: the same business day when requested on
 * one before `cutoff` (Tokyo time), else the next business day — T+1 at the latest (docs/product.md
 * "Constants").
 */
export function expectedArrival(at: number, cutoff: string): IsoDate {
  const today = jstDate(at);
  if (isTradingDay(today) && jstMinuteOfDay(at) < minutesOf(cutoff)) return today;
  return nextTradingDay(today);
}

const TYPE_JA: Record<BankAccountType, string> = { futsu: '普通', toza: '当座' };

/** "三菱ＵＦＪ銀行 本店 普通 •••4567": names in full, the number masked. */
export function bankLabel(a: { bank_name: string; branch_name: string; type: string; number: string }): string {
  const type = (BANK_ACCOUNT_TYPES as readonly string[]).includes(a.type) ? TYPE_JA[a.type as BankAccountType] : a.type;
  return `${a.bank_name} ${a.branch_name} ${type} ${maskAccountNumber(a.number)}`;
}

/** "TRC20 TJRyWw…8Yb3": the network and the address's ends, enough to recognise it. */
export function walletLabel(w: { network: WalletNetwork | string; address: string }): string {
  const a = w.address;
  return `${w.network} ${a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a}`;
}
