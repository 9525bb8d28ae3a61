/**
 * Words and names (issue 35 item 6): stocks named in the reader's language, admin-entered names with
 * their fallbacks, messages that name the company and write prices as money, a block purchase's
 * order type, a discount that reads one way only, and a paid withdrawal's amount in the records.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { displayName, enteredName, localName } from '../../src/shared/market/local-names';
import { messageBody, stockOf } from '../../src/app/features/messaging/text';
import { discountText } from '../../src/app/features/block/rules';
import { orderTypeText } from '../../src/app/features/trade/labels';
import { headlineAmount } from '../../src/app/features/funds/RecordList';
import { MEMO_TEXT } from '../../src/app/features/funds/record-texts';

const MUFG = { code: '8306', name: '三菱UFJフィナンシャル・グループ', nameEn: 'Mitsubishi UFJ Financial Group' };

beforeAll(async () => {
  await activateLanguage('jp');
});

describe('stock names in the reader’s language', () => {
  it('writes Traditional Chinese and Korean names where they are known, else English', () => {
    const toyota = { code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
    expect(displayName(toyota, 'ja')).toBe('トヨタ自動車');
    expect(displayName(toyota, 'en')).toBe('Toyota Motor');
    expect(displayName(toyota, 'zh-Hant')).toBe('豐田汽車');
    expect(displayName(toyota, 'ko')).toBe('도요타자동차');
    expect(displayName({ code: 'N225', nameJa: '日経平均株価', nameEn: 'Nikkei 225' }, 'zh-Hant')).toBe('日經225指數');
    // A name left to English (NTT in Korean), an unknown code, and a stock with no English name.
    expect(localName('9432', 'ko')).toBeUndefined();
    expect(displayName({ code: '9432', nameJa: 'NTT', nameEn: 'NTT' }, 'ko')).toBe('NTT');
    expect(displayName({ code: '0000', nameJa: '架空', nameEn: 'Fictional' }, 'ko')).toBe('Fictional');
    expect(displayName({ code: '0000', nameJa: '架空', nameEn: null }, 'en')).toBe('架空');
  });

  it('names no 100-share unit 張 in any Traditional Chinese stock name', () => {
    expect(localName('8306', 'zh-Hant')).toBe('三菱日聯金融集團');
  });

  it('shows an admin-entered name in the reader’s language, else English, else Japanese', () => {
    const names = { ja: 'カブトテック', en: 'Kabuto Tech', zhHant: '卡布托科技', ko: null };
    expect(enteredName(names, 'ja')).toBe('カブトテック');
    expect(enteredName(names, 'en')).toBe('Kabuto Tech');
    expect(enteredName(names, 'zh-Hant')).toBe('卡布托科技');
    expect(enteredName(names, 'ko')).toBe('Kabuto Tech');
    expect(enteredName({ ja: '日経平均 リバーサル' }, 'ko')).toBe('日経平均 リバーサル');
  });
});

describe('messages name the company and write money', () => {
  it('names the stock with its code in each language', () => {
    expect(stockOf('ja', MUFG)).toBe('三菱UFJフィナンシャル・グループ（8306）');
    expect(stockOf('en', MUFG)).toBe('Mitsubishi UFJ Financial Group (8306)');
    expect(stockOf('zh-Hant', MUFG)).toBe('三菱日聯金融集團（8306）');
    expect(stockOf('ko', MUFG)).toBe('미쓰비시UFJ파이낸셜그룹 (8306)');
    expect(stockOf('ja', { code: '8306' })).toBe('8306');
    // An IPO's message: the name its admin entered in the reader's language, else English.
    const ipo = { code: '5592', name: 'カブトテック', nameEn: 'Kabuto Tech', nameZhHant: '卡布托科技', nameKo: null };
    expect(stockOf('zh-Hant', ipo)).toBe('卡布托科技（5592）');
    expect(stockOf('ko', ipo)).toBe('Kabuto Tech (5592)');
  });

  it('writes a fill with the company, shares with separators and the price as money', () => {
    const fill = { ...MUFG, leg: 'open', direction: 'up', quantity: 3000, price: 22050, priceScale: 10 };
    expect(messageBody(i18n, { kind: 'order_filled', params: fill })).toBe(
      '三菱UFJフィナンシャル・グループ（8306）の買い注文が約定しました（3,000株、約定単価 ¥2,205）',
    );
    expect(messageBody(i18n, { kind: 'order_filled', params: { ...fill, price: 22055 } })).toContain('約定単価 ¥2,205.5');
  });
});

describe('block purchases', () => {
  it('reads a discount or a premium as words, never a signed number', () => {
    expect(discountText(i18n, 300)).toBe('3.00% 割引');
    expect(discountText(i18n, -150)).toBe('1.50% 割増');
    expect(discountText(i18n, 0)).toBe('時価と同じ');
    expect(discountText(i18n, 300)).not.toMatch(/[-−+]/);
  });

  it('labels a block purchase ブロック取引, not 指値', () => {
    expect(i18n._(orderTypeText({ businessType: 'block', priceType: 'limit' }))).toBe('ブロック取引');
    expect(i18n._(orderTypeText({ businessType: 'stock', priceType: 'limit' }))).toBe('指値');
  });
});

describe('records', () => {
  it('names an unlisted IPO by the name the admin entered in the reader’s language, else English', async () => {
    const memo = { code: '5592', lots: 1, amount: 150_000, nameJa: 'カブトテック', nameEn: 'Kabuto Tech', nameZhHant: '卡布托科技' };
    const record = { code: '5592', nameJa: null, nameEn: null, currency: 'JPY' };
    try {
      await activateLanguage('tw');
      expect(MEMO_TEXT.memo_ipo_reserve(memo, { i18n, record })).toContain('卡布托科技 (5592)');
      await activateLanguage('ko');
      expect(MEMO_TEXT.memo_ipo_reserve(memo, { i18n, record })).toContain('Kabuto Tech (5592)');
    } finally {
      await activateLanguage('jp');
    }
    expect(MEMO_TEXT.memo_ipo_reserve(memo, { i18n, record })).toBe('カブトテック (5592) の申込 1単元（¥150,000を拘束）');
  });

  it('shows a paid withdrawal’s amount (it leaves the frozen reserve, not cash)', () => {
    const paid = { kind: 'withdrawal_paid' as const, currency: 'JPY', postings: [{ currency: 'JPY', kind: 'frozen', amount: -50_000 }] };
    expect(headlineAmount(paid)).toEqual({ amount: -50_000, transfer: false });
  });
});
