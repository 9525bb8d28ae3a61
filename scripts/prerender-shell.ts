/**
 * A Vite plugin: the prerendered entry shell (docs/decisions/020-first-load-and-prerender.md).
 *
 * index.html gets, at build time:
 * - the markup of the /login/start splash (features/account/Splash.tsx with Brand and Spinner) inside #root, the
 *   logo inlined (a data: URL), its texts in the four languages (CSS shows the one of `<html lang>`), marked
 *   `data-prerender`: the first paint needs no JS; the app replaces it when it renders (main.tsx);
 * - beside it, the market list's top (MarketScreen's first draw: the top bar and the simulated-data
 *   note), shown instead of the splash for a start at /market/index, with the few rules of the
 *   market stylesheet it needs;
 * - the entry's stylesheet inlined (critical CSS — 5–6 KB compressed, one render-blocking request
 *   less); the other stylesheets move to the end of the body, after the shell;
 * - one inline script (src/server/http/csp.ts SHELL_SCRIPT, allowed there by its hash) setting
 *   `<html lang>` from the stored language and `data-shell` from the start's route before the first
 *   paint (which block shows), and adding the app's entry
 *   script after it: the `<script type="module">` Vite wrote and its modulepreload links go into a
 *   `<template>` the script puts into the head after the first frame (all fetched in parallel
 *   then, nothing before the shell is painted).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { getConfig } from '@lingui/conf';
import { getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { APP_ENTRY, APP_PRELOAD_TEMPLATE_ID, PRELOAD_TEMPLATE_ID, SHELL_SCRIPT } from '../src/server/http/csp';
import * as icons from '../src/app/components/icons';
import * as marketIcons from '../src/app/components/market-icons';

/** The app's locales, as lingui.config.ts lists them. */
const LOCALES: readonly string[] = getConfig({ cwd: process.cwd() }).locales;
/** The splash's texts, by their Japanese source (features/account/Splash.tsx). */
const TAGLINE = '日本株の投資アプリ';
const WELCOME = 'はじめての方へ';
/** The server's default site title (src/shared/domain/config-items.ts); the app shows the configured one. */
const DEFAULT_TITLE = 'Kabuto';
const LOGO_PX = 88;
/** The market top's texts, by their Japanese source (MarketScreen.tsx, features/market/parts.tsx SimNote). */
const MARKET_TITLE = 'マーケット';
const SIM_BADGE = 'シミュレーション';
const SIM_NOTE = '表示中の相場は模擬データです（実際の市場データではありません）。';
/**
 * The rules of the market stylesheet (a route stylesheet, not in the inlined entry one) that the
 * market top needs: the note and its head row. Read from the real file at build time, so the shell
 * and the app draw with the same rules.
 */
const MARKET_CSS_FILE = 'src/app/features/market/market.css';
const MARKET_CSS_RULES = ['.sim-badge', '.sim-note', '.sim-note__text', '.head-row'];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The texts of `sources` in each locale (the catalogs' translations, the source text for ja). */
async function translations(sources: string[]): Promise<Record<string, Record<string, string>>> {
  const config = getConfig({ cwd: process.cwd() });
  const catalogs = await getCatalogs(config);
  const out: Record<string, Record<string, string>> = {};
  for (const locale of LOCALES) {
    const found = getCatalogForFile(`locales/${locale}.po`, catalogs);
    const raw = (await found?.catalog.read(locale)) ?? {};
    out[locale] = {};
    for (const source of sources) {
      const entry = Object.values(raw).find((e) => e.message === source);
      out[locale][source] = entry?.translation || source;
    }
  }
  return out;
}

/** One text in four languages: a span each, CSS shows the one of `<html lang>`. */
function multi(texts: Record<string, Record<string, string>>, source: string): string {
  return LOCALES.map((l) => `<span lang="${l}">${escapeHtml(texts[l]![source]!)}</span>`).join('');
}

/**
 * The logo inline, as an `<img>` with a data: URL of the SVG (allowed by the CSP's img-src): no
 * request, and — unlike an inline `<svg>` — an image the browser counts as the page's largest
 * contentful paint, painted with the HTML (Brand draws the same image over it, same size).
 */
function inlineLogo(root: string): string {
  const svg = readFileSync(join(root, 'public/icons/logo.svg'), 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\n\s*/g, '');
  const uri = `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'")}`;
  return `<img src="${uri}" alt="" width="${LOGO_PX}" height="${LOGO_PX}">`;
}

/**
 * Which language's spans show, which block shows (the market top for a start at the market list,
 * the splash otherwise) and what a start at another screen hides.
 */
export const SHELL_CSS =
  '[data-prerender] [lang]{display:none}' +
  LOCALES.map((l) => `html[lang="${l}"] [data-prerender] [lang="${l}"]`).join(',') +
  '{display:inline}' +
  '[data-prerender="market"],html[data-shell="market"] [data-prerender="splash"]{display:none}' +
  'html[data-shell="market"] [data-prerender="market"]{display:block}' +
  'html[data-shell="other"] [data-prerender] .brand__tagline,html[data-shell="other"] [data-prerender] .splash__link{visibility:hidden}';

/** `MARKET_CSS_RULES` as written in the market stylesheet, whitespace collapsed. */
export function marketCss(root: string): string {
  const source = readFileSync(join(root, MARKET_CSS_FILE), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return MARKET_CSS_RULES.map((selector) => {
    const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const rule = new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(source);
    if (!rule) throw new Error(`prerender-shell: ${selector} { … } not found in ${MARKET_CSS_FILE}`);
    const body = rule[1]!
      .split(';')
      .map((d) => d.trim().replace(/\s*:\s*/, ':').replace(/\s+/g, ' '))
      .filter(Boolean)
      .join(';');
    return `${selector}{${body}}`;
  }).join('');
}

/** The markup of components/Icon (decorative: aria-hidden). */
function icon(d: string, size: number): string {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${d}"></path></svg>`
  );
}

/**
 * The market list's top as MarketScreen draws it first (Page, TopBar, SimNote, the colour setting),
 * same classes and boxes, inside the root layout's `.app`. The back button, the search link and the
 * colour setting need the app to work: here they are their icons in boxes of the same size, hidden
 * from assistive technology (no control that does nothing; the app's real ones replace them). The
 * badge's tooltip (a `title` in one language) is left to the app.
 */
function marketMarkup(texts: Record<string, Record<string, string>>): string {
  return (
    '<div class="app" data-prerender="market"><div class="page">' +
    '<header class="topbar"><div class="topbar__inner">' +
    `<div class="topbar__side"><span class="topbar__back" aria-hidden="true">${icon(icons.back, 24)}</span></div>` +
    `<h1 class="topbar__title">${multi(texts, MARKET_TITLE)}</h1>` +
    `<div class="topbar__side topbar__side--right"><span class="icon-btn" aria-hidden="true">${icon(marketIcons.search, 22)}</span></div>` +
    '</div></header>' +
    '<main class="page__body"><div class="head-row">' +
    `<p class="sim-note"><span class="sim-badge">${multi(texts, SIM_BADGE)}</span>` +
    `<span class="sim-note__text">${multi(texts, SIM_NOTE)}</span></p>` +
    `<span class="icon-btn" aria-hidden="true">${icon(marketIcons.palette, 22)}</span>` +
    '</div></main>' +
    '</div></div>'
  );
}

export async function shellMarkup(root: string): Promise<string> {
  const texts = await translations([TAGLINE, WELCOME, MARKET_TITLE, SIM_BADGE, SIM_NOTE]);
  return (
    '<div class="splash" data-prerender="splash">' +
    '<div class="splash__center"><div class="brand brand--large">' +
    `<div class="brand__logo" style="width:${LOGO_PX}px;height:${LOGO_PX}px">${inlineLogo(root)}</div>` +
    `<p class="brand__title">${DEFAULT_TITLE}</p>` +
    `<p class="brand__tagline">${multi(texts, TAGLINE)}</p>` +
    '</div></div>' +
    '<div class="splash__foot"><span class="spinner" style="width:22px;height:22px" aria-hidden="true"></span>' +
    `<a href="#/login/start1" class="splash__link link">${multi(texts, WELCOME)}</a></div>` +
    '</div>' +
    marketMarkup(texts)
  );
}

/**
 * The modules every start but the splash's loads at once (src/app/main.tsx): the app with the router
 * (src/app/app.tsx) and the Query layer (src/app/query/layer.tsx), with what they import statically,
 * less what the entry already preloads. Their modulepreload links go into a second template that
 * SHELL_SCRIPT adds only for such a start, so they are fetched alongside the entry instead of after
 * it, and a start at the splash still fetches nothing but what draws it.
 */
export function appPreloads(bundle: Rollup.OutputBundle, entryPreloads: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = ['/src/app/app.tsx', '/src/app/query/layer.tsx'].map((id) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(id));
    if (!chunk) throw new Error(`prerender-shell: no chunk for ${id} (src/app/main.tsx imports it lazily)`);
    return chunk.fileName;
  });
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen].filter((f) => !entryPreloads.has(`/${f}`)).sort();
}

export function prerenderShell(): Plugin {
  let root = process.cwd();
  return {
    name: 'kabuto:prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        // The entry's own stylesheet goes inline; the others to the end of the body.
        const entryCss = Object.values(bundle).find((f) => f.type === 'asset' && /^assets\/index-[^/]+\.css$/.test(f.fileName));
        const links: string[] = [];
        html = html.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (tag, href: string) => {
          if (entryCss && href === entryCss.fileName) return '';
          links.push(tag.trim());
          return '';
        });
        const entryTag = `<script type="module" crossorigin src="${APP_ENTRY}"></script>`;
        if (!html.includes(entryTag)) throw new Error(`prerender-shell: ${entryTag} not found in index.html (vite.config.ts entryFileNames)`);
        html = html.replace(entryTag, '');
        const preloads = [`<link rel="modulepreload" crossorigin href="${APP_ENTRY}">`];
        html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
          preloads.push(tag.trim());
          return '';
        });
        links.push(`<template id="${PRELOAD_TEMPLATE_ID}">${preloads.join('')}</template>`);
        const entryPreloads = new Set(preloads.map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? ''));
        const app = appPreloads(bundle, entryPreloads).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        links.push(`<template id="${APP_PRELOAD_TEMPLATE_ID}">${app.join('')}</template>`);
        const css = entryCss && entryCss.type === 'asset' ? String(entryCss.source) : '';
        const head = `<script>${SHELL_SCRIPT}</script><style>${css}${marketCss(root)}${SHELL_CSS}</style>`;
        html = html.replace('</head>', `${head}</head>`);
        html = html.replace('<div id="root"></div>', `<div id="root">${await shellMarkup(root)}</div>${links.join('')}`);
        if (!html.includes('data-prerender')) throw new Error('prerender-shell: <div id="root"></div> not found in index.html');
        return html;
      },
    },
  };
}
