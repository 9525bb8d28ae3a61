// Shared by the browser benches (bench/chart.ts, bench/market-list.ts): bundling a bench page with
// esbuild and running it inline in one headless Chromium page.
import { build, type BuildOptions } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface PageBundle {
  js: string;
  css: string;
}

/** A path relative to bench/. */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Bundle a bench page entry (relative to bench/) into one minified production IIFE and its CSS. */
export async function bundlePage(entry: string, extra: Pick<BuildOptions, 'define' | 'loader'> = {}): Promise<PageBundle> {
  const out = await build({
    entryPoints: [here(entry)],
    bundle: true,
    write: false,
    outdir: '/virtual',
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', ...extra.define },
    alias: { '@lingui/react/macro': here('./chart-page/lingui-macro-shim.tsx') },
    ...(extra.loader ? { loader: extra.loader } : {}),
    logLevel: 'silent',
  });
  const text = (ext: string) => out.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join('\n');
  return { js: text('.js'), css: text('.css') };
}

/**
 * Launch headless Chromium, open a 390×844 @2x page whose body is `bodyTag` + `bodyHtml` + the
 * bundle inline, and run `fn` on it (with the page errors collected so far); the browser is closed after.
 */
export async function withBenchPage<T>(
  bundle: PageBundle,
  body: { bodyTag: string; bodyHtml?: string },
  fn: (page: Page, errors: string[]) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Escape "</script" so the bundle cannot end the inline script early.
    const script = bundle.js.replace(/<\/script/gi, '<\\/script');
    await page.setContent(
      `<!doctype html><html lang="ja"><head><meta charset="utf-8"><style>${bundle.css}</style></head>${body.bodyTag}${body.bodyHtml ?? ''}<script>${script}</script></body></html>`,
    );
    return await fn(page, errors);
  } finally {
    await browser.close();
  }
}
