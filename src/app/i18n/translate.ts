import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { isMessageId, TIME_RANGE_MESSAGES } from '../../shared/api/messages';
import type { MessageParams } from '../../shared/api/envelope';
import { MESSAGE_TEXTS, type MessageText } from './message-texts';
import { formatDateTime, formatDateTimeMinute, formatMoney, formatNumber, formatPriceYen } from '../../shared/money';
import type { Lang } from './languages';

/** Any CJK ideograph (Han script): untranslated server text of that kind is never shown raw. */
const HAN = /\p{Script=Han}/u;

const VARIANT_ORDER = ['range', 'reason', 'address', 'remaining', 'minutes', 'retryAfter', 'date', 'below', 'nearest', 'amount'] as const;

/**
 * Params that are prices in the instrument's scale (the limit-price refusals of
 * src/shared/market/order-price.ts); shown as prices ("¥2,345.5") when params carry `priceScale`.
 */
/** Params that are amounts of the message's `currency` when it names one. */
const MONEY_PARAMS: ReadonlySet<string> = new Set(['min', 'max']);
const PRICE_PARAMS: ReadonlySet<string> = new Set(['price', 'tick', 'below', 'above', 'lower', 'upper', 'nearest']);

/** "09:30-24:00" → "09:30〜24:00" (Japanese) or "09:30–24:00". */
export function formatRange(range: string, lang: Lang | null | undefined): string {
  const dash = !lang || lang === 'jp' ? '〜' : '–';
  return range.replace(/\s*[-~〜–]\s*/, dash);
}

/**
 * The values a message template is filled with (docs/product.md "Messages"): every number with thousands
 * separators; `amount` = the first number, as money when the params name a currency;
 * with a currency, `min` and `max` as money too (limits in any currency's minor unit);
 * `range` = the time range of a deposit/withdrawal notice (params.range, or start and end);
 * `until` (epoch ms) as a Tokyo date and time, `usableAt` (a hold's end, set to the minute) without
 * seconds; with `priceScale`, the price params as prices.
 */
export function messageValues(
  id: string,
  params: MessageParams | undefined,
  lang: Lang | null | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  if (!params) return values;
  const currency = typeof params.currency === 'string' ? params.currency : undefined;
  const priceScale = typeof params.priceScale === 'number' ? params.priceScale : undefined;
  let first: number | undefined;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number') {
      if (key === 'until') {
        values[key] = formatDateTime(value);
        continue;
      }
      if (key === 'usableAt') {
        values[key] = formatDateTimeMinute(value);
        continue;
      }
      if (priceScale !== undefined && PRICE_PARAMS.has(key)) {
        values[key] = formatPriceYen(value, priceScale);
        continue;
      }
      if (key === 'priceScale') continue; // how to read the prices, not a figure to show
      if (first === undefined) first = value;
      values[key] = currency && MONEY_PARAMS.has(key) ? formatMoney(value, currency) : formatNumber(value);
    } else {
      values[key] = value;
    }
  }
  if (first !== undefined) values.amount = currency ? formatMoney(first, currency) : formatNumber(first);
  if (isMessageId(id) && TIME_RANGE_MESSAGES.has(id)) {
    const range =
      typeof params.range === 'string' && params.range
        ? params.range
        : params.start !== undefined && params.end !== undefined
          ? `${params.start}-${params.end}`
          : undefined;
    if (range) values.range = formatRange(range, lang);
    else delete values.range;
  }
  return values;
}

function pick(entry: MessageText, values: Record<string, string>): MessageDescriptor {
  if (entry.variants) {
    for (const key of VARIANT_ORDER) {
      const variant = entry.variants[key];
      if (variant && values[key] !== undefined && values[key] !== '') return variant;
    }
  }
  return entry.text;
}

/**
 * The text shown for a server message (docs/product.md "Messages"): a known id is translated with its params;
 * an unknown text containing Chinese characters becomes 'エラー' (Japanese or no language) or
 * 'Error' (other languages); any other unknown text is shown unchanged.
 */
export function translateMessage(
  msg: string,
  params?: MessageParams,
  lang?: Lang | null,
  i18n: I18n = globalI18n,
): string {
  if (!msg) return '';
  if (!isMessageId(msg)) {
    if (HAN.test(msg)) return !lang || lang === 'jp' ? 'エラー' : 'Error';
    return msg;
  }
  const values = messageValues(msg, params, lang);
  const descriptor: MessageDescriptor = { ...pick(MESSAGE_TEXTS[msg], values), values };
  return i18n._(descriptor);
}
