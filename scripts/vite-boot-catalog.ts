/**
 * A Vite plugin: the boot catalogs (docs/decisions/020-first-load-and-prerender.md).
 *
 * `import('locales/ja.po?boot')` compiles only the messages the first screen can show — those whose
 * origin (the `#:` lines Lingui's extract writes into the .po) is one of BOOT_SOURCES: the entry's
 * modules and the /login/start screen. The full catalog (`locales/ja.po`, Lingui's own plugin) loads
 * after the first screen is drawn, so the first load carries a few hundred bytes of catalog
 * instead of the whole one.
 *
 * A guard keeps the list honest: after bundling, every module of the entry chunk and of the
 * /login/start chunk (with what they import statically) that is the origin of some message must
 * be listed here, or the build fails — otherwise that screen would show message ids until the
 * full catalog arrived.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';

/** Modules whose messages the first screen (/login/start with the root layout) may draw. */
export const BOOT_SOURCES = [
  'src/app/features/account/Splash.tsx',
  'src/app/routes/-lib/TabBar.tsx',
  'src/app/query/OfflineBanner.tsx',
  'src/app/components/Spinner.tsx',
  'src/app/components/RouteStatus.tsx',
  'src/app/components/Toast.tsx',
  'src/app/pwa/UpdatePrompt.tsx',
  'src/app/routes/information/fundRecord.tsx',
  // The market list's top, drawn before the full catalog (src/app/i18n/index.ts BOOT_PATHS).
  'src/app/components/TopBar.tsx',
  'src/app/features/messaging/UnreadBadge.tsx',
  'src/app/features/market/MarketScreen.tsx',
  'src/app/features/market/controls.tsx',
  'src/app/features/market/parts.tsx',
];

const BOOT_QUERY = /\.po\?boot$/;
/** The chunk of the first route (the router plugin's split module of routes/login/start.tsx). */
const FIRST_ROUTE = /src\/app\/routes\/login\/start\.tsx\?tsr-split/;

export function bootCatalog(): Plugin {
  const config = getConfig({ cwd: process.cwd() });
  const rootDir = config.rootDir ?? process.cwd();
  const sourceLocale = config.sourceLocale ?? 'ja';
  const fallbackLocales = config.fallbackLocales || {};
  let origins: Set<string> | undefined;

  return {
    name: 'kabuto:boot-catalog',
    async transform(_src, id) {
      if (!BOOT_QUERY.test(id)) return null;
      const file = id.split('?')[0]!;
      const found = getCatalogForFile(relative(rootDir, file), await getCatalogs(config));
      if (!found) this.error(`${file} is not one of lingui.config.ts's catalogs`);
      const { locale, catalog } = found;
      this.addWatchFile(file);
      const raw = (await catalog.read(locale)) ?? {};
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales, sourceLocale });
      const boot: Record<string, string> = {};
      for (const [msgId, entry] of Object.entries(raw)) {
        if (entry.origin?.some(([path]) => BOOT_SOURCES.includes(path)) && messages[msgId] !== undefined) boot[msgId] = messages[msgId]!;
      }
      const { source } = createCompiledCatalog(locale, boot, { namespace: 'es', pseudoLocale: config.pseudoLocale });
      return { code: source, map: null, moduleType: 'js' };
    },
    async generateBundle(_options, bundle) {
      // Which source files carry messages at all (the source catalog's origins).
      if (!origins) {
        origins = new Set();
        const found = getCatalogForFile(`locales/${sourceLocale}.po`, await getCatalogs(config));
        const raw = (await found?.catalog.read(sourceLocale)) ?? {};
        for (const entry of Object.values(raw)) for (const [path] of entry.origin ?? []) origins.add(path);
      }
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const roots = chunks.filter((c) => c.isEntry || c.moduleIds.some((m) => FIRST_ROUTE.test(m)));
      const seen = new Set<string>();
      const queue = roots.map((c) => c.fileName);
      const missing = new Set<string>();
      while (queue.length) {
        const name = queue.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        const chunk = byName.get(name);
        if (!chunk) continue;
        queue.push(...chunk.imports);
        for (const m of chunk.moduleIds) {
          const path = relative(rootDir, m.split('?')[0]!);
          if (origins.has(path) && !BOOT_SOURCES.includes(path)) missing.add(path);
        }
      }
      if (missing.size) {
        this.error(`the first screen's chunks draw messages of ${[...missing].join(', ')}: add them to BOOT_SOURCES in scripts/vite-boot-catalog.ts`);
      }
    },
  };
}
