/**
 * The four interface languages. The stored value (localStorage `language`, docs/product.md "Entities and fields") uses the
 * codes docs/product.md gives; Lingui catalogs and `<html lang>` use BCP 47 tags.
 */
export type Lang = 'jp' | 'en' | 'tw' | 'ko';
export type Locale = 'ja' | 'en' | 'zh-Hant' | 'ko';

export const LANGS: readonly Lang[] = ['jp', 'en', 'tw', 'ko'];

export const LOCALE_OF: Record<Lang, Locale> = { jp: 'ja', en: 'en', tw: 'zh-Hant', ko: 'ko' };

/** Each language named in itself (what a language switcher shows). */
export const ENDONYM: Record<Lang, string> = {
  jp: '日本語',
  en: 'English',
  tw: '繁體中文',
  ko: '한국어',
};

/** The one text shown before any catalog has loaded (first-load spinner). */
export const BOOT_TEXT: Record<Lang, string> = {
  jp: '読み込み中…',
  en: 'Loading…',
  tw: '載入中…',
  ko: '불러오는 중…',
};

/** Shown when even the catalog could not be loaded (no translations available yet). */
export const BOOT_FAILED_TEXT: Record<Lang, string> = {
  jp: '読み込めませんでした。通信環境を確認してください。',
  en: 'Could not load. Please check your connection.',
  tw: '無法載入，請確認網路連線。',
  ko: '불러오지 못했습니다. 네트워크 연결을 확인해 주세요.',
};

export const RELOAD_TEXT: Record<Lang, string> = {
  jp: '再読み込み',
  en: 'Reload',
  tw: '重新載入',
  ko: '다시 불러오기',
};
