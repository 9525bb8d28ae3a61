/**
 * A position's notices in the reader's language (src/shared/domain/position.ts ALERT_KINDS). The
 * server sends a kind with params, never a sentence: a split says its ratio and the shares before
 * and after, a dividend its amount, the dividend per share and whether it was a dividend (配当金),
 * an adjustment received by a margin long or one paid by a short (配当落調整金). Alerts whose params
 * do not fit (an older or newer server) read as the kind's plain text (labels.ts ALERT_TEXT).
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AlertKind } from '../../../shared/domain/position';
import { CURRENCIES, currencyOf, formatIsoDate, formatMoney, formatNumber, formatTickPrice } from '../../../shared/money';
import { ALERT_TEXT } from './labels';

export interface PositionAlert {
  kind: AlertKind;
  params: Record<string, string | number>;
}

const DIVIDEND_KINDS = ['dividend', 'adjustment_received', 'adjustment_paid'] as const;
type DividendKind = (typeof DIVIDEND_KINDS)[number];

const SPLIT_TEXT = msg({
  message: '株式分割 1:{ratio}（{sharesBefore}株→{sharesAfter}株）：権利落ち日 {exDate} に株数と単価を調整しました。取得金額と損益は変わりません。',
});

const DIVIDEND_TEXT: Record<DividendKind, MessageDescriptor> = {
  dividend: msg({ message: '配当金 {amount}（税引後）を受け取りました。1株あたり {perShare}、権利落ち日：{exDate}' }),
  adjustment_received: msg({ message: '配当落調整金 {amount}（税相当額差引後）を受け取りました。1株あたり {perShare}、権利落ち日：{exDate}' }),
  adjustment_paid: msg({ message: '売建玉のため、配当落調整金 {amount} をお支払いいただきました。1株あたり {perShare}、権利落ち日：{exDate}' }),
};

/** Short labels for a position row. */
const SPLIT_TAG = msg({ message: '分割 1:{ratio}' });
const DIVIDEND_TAG: Record<DividendKind, MessageDescriptor> = {
  dividend: msg({ message: '配当金' }),
  adjustment_received: msg({ message: '配当落調整金' }),
  adjustment_paid: msg({ message: '配当落調整金' }),
};

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isScale = (v: unknown): v is number => isInt(v) && v >= 1 && 10 ** Math.round(Math.log10(v)) === v;
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function splitParams(p: PositionAlert['params']) {
  const { ratio, sharesBefore, sharesAfter, exDate } = p;
  if (typeof ratio !== 'number' || !(ratio > 0) || !isInt(sharesBefore) || !isInt(sharesAfter) || !isDate(exDate)) return null;
  return { ratio, sharesBefore, sharesAfter, exDate };
}

function dividendParams(p: PositionAlert['params']) {
  const { perShare, priceScale, amount, exDate, kind } = p;
  if (!isInt(perShare) || !isScale(priceScale) || !isInt(amount) || !isDate(exDate)) return null;
  if (!(DIVIDEND_KINDS as readonly unknown[]).includes(kind)) return null;
  return { perShare, priceScale, amount, exDate, kind: kind as DividendKind };
}

/** A message with values (Lingui's `_` takes the values inside the descriptor). */
function withValues(i18n: I18n, d: MessageDescriptor, values: Record<string, string>): string {
  const described: MessageDescriptor = { ...d, values };
  return i18n._(described);
}

/** The notice of one alert, with its figures where the kind has them. */
export function alertText(a: PositionAlert, i18n: I18n, currency: string): string {
  if (a.kind === 'split') {
    const p = splitParams(a.params);
    if (p) {
      return withValues(i18n, SPLIT_TEXT, {
        ratio: formatNumber(p.ratio),
        sharesBefore: formatNumber(p.sharesBefore, 0),
        sharesAfter: formatNumber(p.sharesAfter, 0),
        exDate: formatIsoDate(p.exDate),
      });
    }
  } else if (a.kind === 'dividend') {
    const p = dividendParams(a.params);
    if (p) {
      return withValues(i18n, DIVIDEND_TEXT[p.kind], {
        amount: formatMoney(Math.abs(p.amount), currency),
        perShare: CURRENCIES[currencyOf(currency)].symbol + formatTickPrice(p.perShare, p.priceScale),
        exDate: formatIsoDate(p.exDate),
      });
    }
  }
  return i18n._(ALERT_TEXT[a.kind]);
}

/** How a notice looks: a warning about money at risk, or information about an event. */
export function alertTone(kind: AlertKind): 'danger' | 'warn' | 'info' {
  if (kind === 'margin_call' || kind === 'forced_close') return 'danger';
  if (kind === 'split' || kind === 'dividend') return 'info';
  return 'warn';
}

/** Short tags for a position row: the corporate actions the position went through, each distinct tag once. */
export function alertTags(alerts: readonly PositionAlert[], i18n: I18n): string[] {
  const tags: string[] = [];
  for (const a of alerts) {
    let tag: string | null = null;
    if (a.kind === 'split') {
      const p = splitParams(a.params);
      tag = p ? withValues(i18n, SPLIT_TAG, { ratio: formatNumber(p.ratio) }) : null;
    } else if (a.kind === 'dividend') {
      const p = dividendParams(a.params);
      tag = p ? i18n._(DIVIDEND_TAG[p.kind]) : null;
    }
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}
