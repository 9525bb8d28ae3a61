/**
 * A Vite plugin: the prerendered entry shell (docs/decisions/020-first-load-and-prerender.md).
 *
 * index.html gets, at build time:
 * - the markup of the /login/start splash (StartScreen with Brand and Spinner) inside #root, the
 *   logo inlined (a data: URL), its texts in the four languages (CSS shows the one of `<html lang>`), marked
 *   `data-prerender`: the first paint needs no JS; the app replaces it when it renders (main.tsx);
 * - the entry's stylesheet inlined (critical CSS — 5–6 KB compressed, one render-blocking request
 *   less); the other stylesheets move to the end of the body, after the shell;
 * - one inline script (src/server/http/csp.ts SHELL_SCRIPT, allowed there by its hash) setting
 *   `<html lang>` from the stored language before the first paint, and adding the app's entry
 *   script after it: the `<script type="module">` Vite wrote and its modulepreload links go into a
 *   `<template>` the script puts into the head after the first frame (all fetched in parallel
 *   then, nothing before the shell is painted).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { APP_ENTRY, PRELOAD_TEMPLATE_ID, SHELL_SCRIPT } from '../src/server/http/csp';

/** The app's locales, as lingui.config.ts lists them. */
const LOCALES: readonly string[] = getConfig({ cwd: process.cwd() }).locales;
/** The splash's texts, by their Japanese source (StartScreen.tsx). */
const TAGLINE = '日本株の投資アプリ';
const WELCOME = 'はじめての方へ';
/** The server's default site title (src/shared/domain/config-items.ts); the app shows the configured one. */
const DEFAULT_TITLE = 'Kabuto';
const LOGO_PX = 88;

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

/** Which language's spans show, and what a start at another screen hides. */
const SHELL_CSS =
  '[data-prerender] [lang]{display:none}' +
  LOCALES.map((l) => `html[lang="${l}"] [data-prerender] [lang="${l}"]`).join(',') +
  '{display:inline}' +
  'html[data-shell="other"] [data-prerender] .brand__tagline,html[data-shell="other"] [data-prerender] .splash__link{visibility:hidden}';

export async function shellMarkup(root: string): Promise<string> {
  const texts = await translations([TAGLINE, WELCOME]);
  return (
    '<div class="splash" data-prerender>' +
    '<div class="splash__center"><div class="brand brand--large">' +
    `<div class="brand__logo" style="width:${LOGO_PX}px;height:${LOGO_PX}px">${inlineLogo(root)}</div>` +
    `<p class="brand__title">${DEFAULT_TITLE}</p>` +
    `<p class="brand__tagline">${multi(texts, TAGLINE)}</p>` +
    '</div></div>' +
    '<div class="splash__foot"><span class="spinner" style="width:22px;height:22px" aria-hidden="true"></span>' +
    `<a href="#/login/start1" class="splash__link link">${multi(texts, WELCOME)}</a></div>` +
    '</div>'
  );
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
        const css = entryCss && entryCss.type === 'asset' ? String(entryCss.source) : '';
        const head = `<script>${SHELL_SCRIPT}</script><style>${css}${SHELL_CSS}</style>`;
        html = html.replace('</head>', `${head}</head>`);
        html = html.replace('<div id="root"></div>', `<div id="root">${await shellMarkup(root)}</div>${links.join('')}`);
        if (!html.includes('data-prerender')) throw new Error('prerender-shell: <div id="root"></div> not found in index.html');
        return html;
      },
    },
  };
}
