import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';
import { compileHints } from './scripts/vite-compile-hints';
import { preloadInBatches } from './scripts/vite-preload-batches';
import { uplotLazyIntl } from './scripts/vite-uplot-lazy-intl';
import { bootCatalog } from './scripts/vite-boot-catalog';
import { prerenderShell } from './scripts/prerender-shell';

const API_TARGET = process.env.KABUTO_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Router plugin first: it generates the route tree and splits each route into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // The first screen's messages as a catalog of their own (`locales/xx.po?boot`), the full one after
    // the first paint; and the splash prerendered into index.html (docs/decisions/020-first-load-and-prerender.md).
    bootCatalog(),
    prerenderShell(),
    // uPlot's module-level Intl objects built on first use (our charts use neither).
    uplotLazyIntl(),
    // PWA (docs/decisions/003-client-plumbing.md): generated manifest (linked into index.html by the plugin), a Workbox
    // service worker precaching the shell and every lazy chunk, navigations served offline from
    // index.html, a new version waiting for the user's OK (src/app/pwa registers it).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Kabuto',
        short_name: 'Kabuto',
        description: '日本株の投資アプリ',
        lang: 'ja',
        dir: 'ltr',
        start_url: './#/login/start',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#ffffff',
        background_color: '#ffffff',
        categories: ['finance'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every emitted chunk (route chunks, locale catalogs) and the public assets.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Web Push: show a notification, open the app at its url on tap (public/sw-push.js).
        importScripts: ['sw-push.js'],
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
    // V8's compile hint atop every chunk: functions compiled off the main thread while the file streams in.
    compileHints(),
    // Dynamic imports' modulepreload links a few per task (scripts/preload-helper.js).
    preloadInBatches(),
    // Brotli and gzip copies of the text assets, served by content negotiation (src/server/http/static.ts).
    precompress(),
  ],
  server: { proxy: { '/api': API_TARGET } },
  resolve: {
    alias: [
      // @tanstack/react-store imports the pre-React-18 shim of useSyncExternalStore (with its
      // fallback implementation); React 19 has the hook, which the non-shim entry uses directly:
      // the same behaviour, less code in the first load (docs/decisions/020-first-load-and-prerender.md).
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  // No modulepreload polyfill: every browser the es2022 target admits supports modulepreload.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's index.ts (its public face, docs/architecture.md "Layers") only re-exports: marked
      // free of side effects, a chunk that imports one name from it gets that name's module alone,
      // not every module the index names with their styles (which the bundler keeps otherwise).
      treeshake: { moduleSideEffects: [{ test: /\/src\/app\/features\/[^/]+\/index\.ts$/, sideEffects: false }] },
      output: {
        // The entry has a stable name: the shell's inline script (src/server/http/csp.ts SHELL_SCRIPT,
        // allowed by its hash) loads it after the first paint. Served with no-cache (static.ts).
        entryFileNames: (chunk) => (chunk.isEntry ? 'app.js' : 'assets/[name]-[hash].js'),
        // What the entry and every screen share, as a few chunks instead of dozens of sub-kilobyte
        // ones: each screen's start — above all the offline warm start from the service worker —
        // waits on fewer round trips (docs/decisions/020-first-load-and-prerender.md). React and
        // Lingui draw the splash; the router and TanStack Query (with its persister) come after it,
        // and with every other start in parallel (src/app/main.tsx, src/app/query/load-layer.ts).
        codeSplitting: {
          // Rolldown copies each automatic common chunk under 4 KiB (source size, before minifying)
          // into the chunks that import it, behind a registry that keeps one module instance: the
          // stock detail loads 43 JavaScript files instead of 61, the login page 22 instead of 37,
          // each request being main-thread work of its own, for 1 % more bytes on the wire per page
          // and a precache a fifth larger (docs/decisions/020-first-load-and-prerender.md,
          // "Follow-up: the page's CPU time and the host's"). Chunks with styles stay files: Vite's
          // CSS plugin would emit their CSS once per copy.
          experimentalInlineCommonChunks: { maxSize: 4096, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
          groups: [
            { name: 'framework', test: /node_modules[\\/](?:react|react-dom|scheduler|@lingui[\\/](?:core|react))[\\/]/ },
            { name: 'router', test: /node_modules[\\/](?:@tanstack[\\/](?:react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/ },
            { name: 'query', test: /node_modules[\\/](?:@tanstack[\\/](?:query-core|react-query|query-persist-client-core)|idb-keyval)[\\/]/ },
          ],
        },
      },
    },
  },
});
