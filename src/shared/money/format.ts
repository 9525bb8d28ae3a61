import { CURRENCIES, HOME_CURRENCY, currencyDecimals, type Currency } from './currency';
import { formatDecimal, parseDecimal } from './decimal';

/** "1234.5" USD → 123450 (cents). Exact; see `parseDecimal` for what is accepted. */
export function toMinor(text: string, currency: Currency): number {
  return parseDecimal(text, currencyDecimals(currency));
}

/** 123450 USD → "1234.50": plain, ungrouped, for inputs and wire formats. */
export function fromMinor(minor: number, currency: Currency): string {
  return formatDecimal(minor, currencyDecimals(currency));
}

export interface FormatMoneyOptions {
  /** true (default): the currency's symbol; false: none; a string: that instead. */
  symbol?: boolean | string;
  /** 'auto' (default): minus only; 'always': also a plus for positive amounts (ledger records). */
  sign?: 'auto' | 'always';
}

/** 1234567 JPY → "¥1,234,567"; -5 USD → "-$0.05". Display only; never parse this back. */
export function formatMoney(minor: number, currency: Currency = HOME_CURRENCY, opts: FormatMoneyOptions = {}): string {
  const symbol = opts.symbol === false ? '' : typeof opts.symbol === 'string' ? opts.symbol : CURRENCIES[currency].symbol;
  const body = formatDecimal(Math.abs(minor), currencyDecimals(currency), { group: true });
  const sign = minor < 0 ? '-' : minor > 0 && opts.sign === 'always' ? '+' : '';
  return sign + symbol + body;
}

/** A scaled price (e.g. TSE: scale 10, so 23455 is 2345.5) as a grouped string "2,345.5". */
export function formatScaled(value: number, decimals: number): string {
  return formatDecimal(value, decimals, { group: true });
}
