import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { MESSAGE_IDS } from '../../src/shared/api/messages';
import { MESSAGE_TEXTS } from '../../src/app/i18n/message-texts';
import { formatRange, messageValues, translateMessage } from '../../src/app/i18n/translate';
import { messages as ja } from '../../locales/ja.po';
import { messages as en } from '../../locales/en.po';
import { messages as zhHant } from '../../locales/zh-Hant.po';
import { messages as ko } from '../../locales/ko.po';

const catalogs: Record<string, Messages> = { ja, en, 'zh-Hant': zhHant, ko };
const i18nFor: Record<string, I18n> = {};
beforeAll(() => {
  for (const [locale, messages] of Object.entries(catalogs)) {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale, messages });
    i18nFor[locale] = i18n;
  }
});

describe('translateMessage: known message ids (docs/product.md "Messages")', () => {
  it('has a text for every server message id, in every language, different from the id', () => {
    for (const id of MESSAGE_IDS) {
      expect(MESSAGE_TEXTS[id], id).toBeDefined();
      for (const [locale, lang] of [
        ['ja', 'jp'],
        ['en', 'en'],
        ['zh-Hant', 'tw'],
        ['ko', 'ko'],
      ] as const) {
        const text = translateMessage(id, undefined, lang, i18nFor[locale]);
        expect(text, `${id} in ${locale}`).toBeTruthy();
        expect(text).not.toBe(id);
        expect(text).not.toMatch(/\{\w+\}/); // no unfilled placeholder
      }
    }
  });

  it('translates by language', () => {
    expect(translateMessage('phone_or_password_incorrect', undefined, 'jp', i18nFor.ja)).toBe(
      '電話番号またはパスワードが正しくありません',
    );
    expect(translateMessage('phone_or_password_incorrect', undefined, 'en', i18nFor.en)).toBe(
      'The phone number or password is incorrect',
    );
    expect(translateMessage('phone_or_password_incorrect', undefined, 'tw', i18nFor['zh-Hant'])).toBe('電話號碼或密碼不正確');
    expect(translateMessage('phone_or_password_incorrect', undefined, 'ko', i18nFor.ko)).toBe(
      '전화번호 또는 비밀번호가 올바르지 않습니다',
    );
  });

  it('formats the first number of params as an amount inside the template', () => {
    const params = { currency: 'JPY', kind: 'cash', available: 1234567, required: 2000000 };
    expect(translateMessage('balance_insufficient', params, 'jp', i18nFor.ja)).toBe('残高が不足しています（利用可能額：¥1,234,567）');
    expect(translateMessage('balance_insufficient', params, 'en', i18nFor.en)).toBe('Insufficient balance (available: ¥1,234,567)');
    // without a currency: thousands separators only
    expect(translateMessage('ipo_repeat_limit', { max: 1000 }, 'jp', i18nFor.ja)).toBe(
      'この新規公開株には1,000回までしか申し込めません',
    );
    // a minor-unit amount in another currency
    expect(translateMessage('balance_insufficient', { currency: 'USD', available: 123456 }, 'en', i18nFor.en)).toBe(
      'Insufficient balance (available: $1,234.56)',
    );
  });

  it('uses the text without the amount when no number is given', () => {
    expect(translateMessage('balance_insufficient', undefined, 'jp', i18nFor.ja)).toBe('残高が不足しています');
    expect(translateMessage('balance_insufficient', { currency: 'JPY' }, 'jp', i18nFor.ja)).toBe('残高が不足しています');
  });

  it('shows deposit and withdrawal time notices with their time range', () => {
    expect(translateMessage('withdraw_time_closed', { range: '09:30-24:00' }, 'jp', i18nFor.ja)).toBe(
      '出金の受付時間外です（受付時間：平日 09:30〜24:00）',
    );
    expect(translateMessage('deposit_time_closed', { start: '00:00', end: '23:59' }, 'en', i18nFor.en)).toBe(
      'Deposits are not accepted at this time (hours: weekdays 00:00–23:59)',
    );
    expect(translateMessage('deposit_time_closed', {}, 'jp', i18nFor.ja)).toBe('入金の受付時間外です');
  });

  it('fills the named params of other messages', () => {
    expect(translateMessage('fund_password_wrong', { remaining: 3 }, 'jp', i18nFor.ja)).toBe(
      '取引暗証番号が正しくありません（あと3回間違えるとロックされます）',
    );
    expect(translateMessage('too_many_requests', { retryAfter: 30 }, 'en', i18nFor.en)).toBe(
      'Too many requests. Please try again in 30 seconds.',
    );
    expect(translateMessage('account_banned', { reason: '規約違反' }, 'jp', i18nFor.ja)).toBe(
      'このアカウントは利用停止されています（理由：規約違反）',
    );
  });
});

describe('translateMessage: limit-price refusals show the nearest valid prices (docs/domain.md "Trading")', () => {
  const offTick = { field: 'price', price: 29993, priceScale: 10, tick: 5, below: 29990, above: 29995 };
  const beyond = { field: 'price', price: 99999, priceScale: 10, lower: 23000, upper: 37000, nearest: 37000 };

  it('as prices in the instrument’s scale, in every language', () => {
    expect(translateMessage('price_off_tick', offTick, 'jp', i18nFor.ja)).toBe('呼値の単位（¥0.5）に合わない価格です。近い有効な価格は¥2,999と¥2,999.5です');
    expect(translateMessage('price_off_tick', offTick, 'en', i18nFor.en)).toBe(
      'The price does not match the tick size (¥0.5). The nearest valid prices are ¥2,999 and ¥2,999.5',
    );
    expect(translateMessage('price_beyond_limit', beyond, 'jp', i18nFor.ja)).toBe('値幅制限（¥2,300〜¥3,700）の範囲外の価格です。最も近い有効な価格は¥3,700です');
    for (const [locale, lang] of [['zh-Hant', 'tw'], ['ko', 'ko']] as const) {
      for (const [id, params] of [['price_off_tick', offTick], ['price_beyond_limit', beyond]] as const) {
        const text = translateMessage(id, params, lang, i18nFor[locale]);
        expect(text).not.toMatch(/\{\w+\}/);
        expect(text).toContain(id === 'price_off_tick' ? '¥2,999.5' : '¥3,700');
      }
    }
  });

  it('without the prices (an older server), the plain refusal', () => {
    expect(translateMessage('price_off_tick', undefined, 'jp', i18nFor.ja)).toBe('呼値の単位に合わない価格です');
    expect(translateMessage('price_beyond_limit', { lower: 23000, upper: 37000 }, 'jp', i18nFor.ja)).toBe('値幅制限の範囲外の価格です');
  });

  it('a 1× short is refused with its reason', () => {
    expect(translateMessage('short_needs_margin', { field: 'leverage' }, 'en', i18nFor.en)).toBe(
      'A short sale is a margin trade, so it cannot be placed at 1× (cash). Choose a leverage above 1×',
    );
  });
});

describe('translateMessage: untranslated text (docs/product.md "Messages")', () => {
  it("shows 'エラー' for text with Chinese characters in Japanese or with no language", () => {
    expect(translateMessage('余额不足', undefined, 'jp', i18nFor.ja)).toBe('エラー');
    expect(translateMessage('系统错误', undefined, undefined, i18nFor.ja)).toBe('エラー');
    expect(translateMessage('系统错误', undefined, null, i18nFor.ja)).toBe('エラー');
  });

  it("shows 'Error' for text with Chinese characters in other languages", () => {
    expect(translateMessage('余额不足', undefined, 'en', i18nFor.en)).toBe('Error');
    expect(translateMessage('余额不足', undefined, 'tw', i18nFor['zh-Hant'])).toBe('Error');
    expect(translateMessage('余额不足', undefined, 'ko', i18nFor.ko)).toBe('Error');
  });

  it('shows other untranslated text unchanged', () => {
    expect(translateMessage('Maintenance until 06:00', undefined, 'jp', i18nFor.ja)).toBe('Maintenance until 06:00');
    expect(translateMessage('エラーコード E42', undefined, 'en', i18nFor.en)).toBe('エラーコード E42');
    expect(translateMessage('', undefined, 'jp', i18nFor.ja)).toBe('');
  });
});

describe('messageValues', () => {
  it('formats numbers with separators and names the first one amount', () => {
    expect(messageValues('failed', { a: 1000, b: 2500000 }, 'jp')).toEqual({ a: '1,000', b: '2,500,000', amount: '1,000' });
  });
  it('formats until as a Tokyo date-time', () => {
    expect(messageValues('fund_password_locked', { minutes: 30, until: Date.UTC(2026, 0, 5, 0, 3, 7) }, 'jp')).toMatchObject({
      minutes: '30',
      until: '2026.01.05 09:03:07',
    });
  });
  it('formats ranges per language', () => {
    expect(formatRange('09:30-24:00', 'jp')).toBe('09:30〜24:00');
    expect(formatRange('09:30-24:00', 'en')).toBe('09:30–24:00');
  });
});
