import { i18n, type Messages } from '@lingui/core';
import { LOCALE_OF, type Lang, type Locale } from './languages';

export { i18n };
export * from './languages';

const loaded = new Map<Locale, Messages>();
/** The full catalog's load after a boot start (see activateBootLanguage), and the locale it is for. */
let full: Promise<void> | undefined;
let bootLocale: Locale | undefined;

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

/**
 * One locale's boot catalog: only the messages of the first screen (scripts/vite-boot-catalog.ts,
 * docs/decisions/020-first-load-and-prerender.md) — a few hundred bytes instead of the whole catalog.
 */
export async function loadBootCatalog(locale: Locale): Promise<Messages> {
  let mod: { messages: Messages };
  switch (locale) {
    case 'ja':
      mod = await import('../../../locales/ja.po?boot');
      break;
    case 'en':
      mod = await import('../../../locales/en.po?boot');
      break;
    case 'zh-Hant':
      mod = await import('../../../locales/zh-Hant.po?boot');
      break;
    case 'ko':
      mod = await import('../../../locales/ko.po?boot');
      break;
  }
  return mod.messages;
}

/** Activate a language: load its catalog, switch Lingui, and set `<html lang>`. */
export async function activateLanguage(lang: Lang): Promise<void> {
  const locale = LOCALE_OF[lang];
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  full = Promise.resolve();
  bootLocale = undefined;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Screens drawn with the boot catalog alone: the splash (and `/`, which redirects to it), and the
 * market list's top (its boards, a chunk of their own, wait for the full catalog: MarketScreen.tsx),
 * so the market's first paint does not wait for the whole catalog
 * (docs/decisions/020-first-load-and-prerender.md).
 */
const BOOT_PATHS = ['', '/', '/login/start', '/market/index'];

/** Whether a location hash (`#/login/start?x=1`) or path is one of the boot screens. */
export function isBootPath(hashOrPath: string): boolean {
  return BOOT_PATHS.includes(hashOrPath.replace(/^#/, '').split('?')[0]!);
}

/**
 * Start with the boot catalog (the first screen's messages only). The full catalog loads when
 * `fullCatalog()` is first called: after the first screen is drawn (main.tsx, when the browser is
 * idle) or by the root route's beforeLoad before any other screen. Resolves once the boot catalog is active.
 */
export async function activateBootLanguage(lang: Lang): Promise<void> {
  const locale = LOCALE_OF[lang];
  const messages = await loadBootCatalog(locale);
  if (!full) {
    i18n.loadAndActivate({ locale, messages });
    bootLocale = locale;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The active language's full catalog: loads it after a boot start (once), resolved at once otherwise. */
export function fullCatalog(): Promise<void> {
  const locale = bootLocale;
  if (!locale) return Promise.resolve();
  full ??= loadCatalog(locale).then(
    (all) => {
      // Merges into the boot messages; I18nProvider re-renders on the change.
      if (i18n.locale === locale) i18n.load(locale, all);
    },
    (err: unknown) => {
      full = undefined; // a later screen tries again
      throw err;
    },
  );
  return full;
}
