import { lazyModule } from '../lazy-module';

/** What the layer module exports (a type only: nothing of it is in the first load). */
export type QueryLayerModule = typeof import('./layer');

/*
 * The Query layer — TanStack Query, the IndexedDB persister, the offline banner — is not part of
 * the first load of the splash (/login/start), which reads no query: it draws with React, the
 * router and its boot catalog alone, and the layer loads right after (docs/decisions/020-first-load-and-prerender.md,
 * "Query out of the splash"). Every other start loads it together with its catalog before drawing,
 * and the root route's beforeLoad waits for it before any screen but the splash.
 */

/** The screens drawn without the Query layer: the splash (`/` redirects to it). */
const SPLASH_PATHS = ['', '/', '/login/start'];

/** Whether a location hash (`#/login/start?x=1`) or path is the splash. */
export function isSplashPath(hashOrPath: string): boolean {
  return SPLASH_PATHS.includes(hashOrPath.replace(/^#/, '').split('?')[0]!);
}

const layer = lazyModule(() => import('./layer'));

/** Load the layer (once; a failed load may be retried). */
export const loadQueryLayer = (): Promise<QueryLayerModule> => layer.load();

/** The layer if it has loaded, else undefined. */
export const loadedQueryLayer = (): QueryLayerModule | undefined => layer.loaded();
