/**
 * A Vite plugin: the built app's preload helper is scripts/preload-helper.js, which adds a dynamic
 * import's modulepreload links a few per task instead of all in the importing task
 * (docs/decisions/020-first-load-and-prerender.md, "the chart in tasks of its own").
 * Vite imports its helper from the virtual module below into every chunk with a dynamic import;
 * this plugin answers for that module before Vite does.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

export function preloadInBatches(): Plugin {
  const code = readFileSync(new URL('./preload-helper.js', import.meta.url), 'utf8');
  return {
    name: 'kabuto:preload-batches',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : null),
    load: (id) => (id === PRELOAD_HELPER_ID ? code : null),
  };
}
