import { useEffect, useSyncExternalStore } from 'react';
import type { ConfigValues } from '../../shared/domain/config-items';
import { lazyModule } from '../lazy-module';
import { loadQueryLayer } from '../query/load-layer';

/**
 * The config module (with the zod contract it validates against) is loaded on demand, so the
 * first-load bundle of /login/start stays small: the splash paints at once and the
 * config arrives right after.
 */
const configModule = lazyModule(() => import('./config'));

export interface SiteConfig {
  data: ConfigValues | undefined;
  isError: boolean;
  isSuccess: boolean;
}

/*
 * One store for every screen reading the site config. It watches `configQuery()` (api/config.ts) on
 * the app's QueryClient — cached, persisted and refetched like any read — but from outside React,
 * so the splash, drawn before the Query layer has loaded (query/load-layer.ts), reads it the same
 * way as every later screen. The query is watched while at least one screen reads the config.
 */
let snapshot: SiteConfig = { data: undefined, isError: false, isSuccess: false };
const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;
let generation = 0;

function publish(next: SiteConfig): void {
  if (next.data === snapshot.data && next.isError === snapshot.isError && next.isSuccess === snapshot.isSuccess) return;
  snapshot = next;
  for (const l of listeners) l();
}

function startWatching(): void {
  const mine = ++generation;
  // A task later: the screen is drawn first (Brand shows the defaults meanwhile).
  const timer = setTimeout(() => {
    Promise.all([configModule.load(), loadQueryLayer()]).then(
      ([config, layer]) => {
        if (mine !== generation) return; // no reader any more
        stopWatching = layer.watchQuery(config.configQuery(), (r) => publish({ data: r.data, isError: r.isError, isSuccess: r.isSuccess }));
      },
      () => mine === generation && publish({ ...snapshot, isError: true }),
    );
  }, 0);
  stopWatching = () => clearTimeout(timer);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      generation++;
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}

const getSnapshot = () => snapshot;

/** Site configuration from `common/config` (title, logo, operator details, limits). */
export function useSiteConfig(): SiteConfig {
  const config = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const title = config.data?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return config;
}
