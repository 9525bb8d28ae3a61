import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppEnv } from './env';

/**
 * Serves the built PWA, brotli or gzip when the build wrote a copy and the browser accepts it
 * (Vary: Accept-Encoding). Hashed assets are immutable; index.html, the app's entry (app.js, a
 * stable name: docs/decisions/020-first-load-and-prerender.md) and the service worker are
 * revalidated so a new version is picked up. Unknown non-API paths fall back to index.html
 * (hash routing means the server only ever sees `/`, but deep links and reloads stay safe).
 */
export function serveApp(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => c.text('The PWA is not built yet: run `npm run build` (npm start does it for you).', 503));
    return;
  }
  const root = relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    '*',
    serveStatic({
      root,
      // The build's .br / .gz copies (scripts/vite-precompress.ts), chosen by Accept-Encoding.
      precompressed: true,
      // `path` is the file sent: the .br / .gz copy when one was chosen.
      onFound: (path, c) => {
        if (/(?:^|[\\/])(?:index\.html|app\.js|sw\.js|registerSW\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/.test(path)) {
          c.header('Cache-Control', 'no-cache');
        }
      },
    }),
  );
  const html = () => readFileSync(indexFile, 'utf8');
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html());
  });
}
