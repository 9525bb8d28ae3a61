/**
 * The currencies docs/product.md lists and their minor units (docs/architecture.md "The money model"). Amounts everywhere are
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
  // Tether, received and paid out on its networks (docs/domain.md "Currency exchange"): a balance of its
  // own, never silently converted. Cents are the minor unit: what the operator credits is recorded to the cent.
  USDT: { decimals: 2, symbol: 'USDT ' },
} as const satisfies Record<string, { decimals: number; symbol: string }>;

export type Currency = keyof typeof CURRENCIES;

/** The nine currencies of docs/product.md in its order (the home currency first), then USDT. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** The operator's home currency: the default for formatting and for anything unspecified. */
export const HOME_CURRENCY: Currency = 'JPY';

export function isCurrency(code: unknown): code is Currency {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

export function currencyDecimals(currency: Currency): number {
  return CURRENCIES[currency].decimals;
}

/**
 * A currency the market data has no board of its own for, priced at another's rate. The simulator
 * quotes no USDT/JPY market, so USDT is valued and exchanged at the USD/JPY board rate — the 1:1
 * peg Tether states — and the exchange screen says so; a real feed with a USDTJPY quote would drop
 * the entry (docs/domain.md "Currency exchange").
 */
export const PRICED_AS: Partial<Record<Currency, Currency>> = { USDT: 'USD' };
