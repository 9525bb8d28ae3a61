/**
 * The currencies of the spec and their minor units (docs/architecture.md "The money model"). Amounts everywhere are
 * integers in the minor unit, so the number of decimals is the only thing a currency adds.
 */
export const CURRENCIES = {
  JPY: { decimals: 0, symbol: '¥' },
  CNY: { decimals: 2, symbol: 'CN¥' },
  TWD: { decimals: 2, symbol: 'NT$' },
  HKD: { decimals: 2, symbol: 'HK$' },
  USD: { decimals: 2, symbol: '$' },
  THB: { decimals: 2, symbol: '฿' },
  VND: { decimals: 0, symbol: '₫' },
  MYR: { decimals: 2, symbol: 'RM' },
  KRW: { decimals: 0, symbol: '₩' },
} as const satisfies Record<string, { decimals: number; symbol: string }>;

export type Currency = keyof typeof CURRENCIES;

/** In the spec's order; the home currency first. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** The operator's home currency: the default for formatting and for anything unspecified. */
export const HOME_CURRENCY: Currency = 'JPY';

export function isCurrency(code: unknown): code is Currency {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

export function currencyDecimals(currency: Currency): number {
  return CURRENCIES[currency].decimals;
}
