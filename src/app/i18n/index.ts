import { i18n, type Messages } from '@lingui/core';
import { LOCALE_OF, type Lang, type Locale } from './languages';

export { i18n };
export * from './languages';

const loaded = new Map<Locale, Messages>();

/** Load one locale's catalog (its own lazy chunk: only the active language is downloaded). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const have = loaded.get(locale);
  if (have) return have;
  let mod: { messages: Messages };
  switch (locale) {
    case 'ja':
      mod = await import('../../../locales/ja.po');
      break;
    case 'en':
      mod = await import('../../../locales/en.po');
      break;
    case 'zh-Hant':
      mod = await import('../../../locales/zh-Hant.po');
      break;
    case 'ko':
      mod = await import('../../../locales/ko.po');
      break;
  }
  loaded.set(locale, mod.messages);
  return mod.messages;
}

/** Activate a language: load its catalog, switch Lingui, and set `<html lang>`. */
export async function activateLanguage(lang: Lang): Promise<void> {
  const locale = LOCALE_OF[lang];
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
