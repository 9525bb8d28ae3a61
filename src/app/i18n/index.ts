import { i18n, type Messages } from '@lingui/core';
import { LOCALE_OF, type Lang, type Locale } from './languages';

export { i18n };
export * from './languages';

const loaded = new Map<Locale, Messages>();
/** The full catalog's load after a boot start (see activateBootLanguage), and the locale it is for. */
let full: Promise<void> | undefined;
let bootLocale: Locale | undefined;

type CatalogModule = { messages: Messages };
/**
 * Each locale's catalog chunk (only the active language is downloaded) and its boot catalog: only
 * the messages of the first screen (scripts/vite-boot-catalog.ts, docs/decisions/020-first-load-and-prerender.md)
 * — a few hundred bytes instead of the whole catalog. One table for both, keyed by the catalog's
 * file (lingui.config.ts: `locales/{locale}.po`).
 */
const CATALOGS = import.meta.glob<CatalogModule>('../../../locales/*.po');
const BOOT_CATALOGS = import.meta.glob<CatalogModule>('../../../locales/*.po', { query: '?boot' });

async function importCatalog(locale: Locale, boot: boolean): Promise<Messages> {
  const load = (boot ? BOOT_CATALOGS : CATALOGS)[`../../../locales/${locale}.po`];
  if (!load) throw new Error(`no catalog for ${locale}`);
  return (await load()).messages;
}

/** Load one locale's full catalog (cached). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const have = loaded.get(locale);
  if (have) return have;
  const messages = await importCatalog(locale, false);
  loaded.set(locale, messages);
  return messages;
}

/** One locale's boot catalog (the first screen's messages). */
export function loadBootCatalog(locale: Locale): Promise<Messages> {
  return importCatalog(locale, true);
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
