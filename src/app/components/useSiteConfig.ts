import { useEffect, useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ConfigValues } from '../../shared/domain/config-items';
import { CONFIG_QUERY_KEY } from '../api/config-key';

type ConfigModule = typeof import('../api/config');

let loaded: ConfigModule | undefined;
let loading: Promise<ConfigModule> | undefined;

/**
 * The config module (with the zod contract it validates against) is loaded on demand, so the
 * first-load bundle of /login/start stays small: the splash paints at once and the
 * config arrives right after.
 */
export function loadConfigModule(): Promise<ConfigModule> {
  loading ??= import('../api/config').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined; // allow a later retry
      throw err;
    },
  );
  return loading;
}

export interface SiteConfig {
  data: ConfigValues | undefined;
  isError: boolean;
  isSuccess: boolean;
}

/** Site configuration from `common/config` (title, logo, operator details, limits). */
export function useSiteConfig(): SiteConfig {
  const [mod, setMod] = useState<ConfigModule | undefined>(loaded);
  const [moduleFailed, setModuleFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    let live = true;
    // A task later: the screen is drawn first (Brand shows the defaults meanwhile).
    const timer = setTimeout(() => {
      loadConfigModule().then(
        (m) => live && setMod(m),
        () => live && setModuleFailed(true),
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mod]);

  const options = mod?.configQuery();
  const query = useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: options?.queryFn ?? skipToken,
    select: options?.select,
    staleTime: options?.staleTime,
  });

  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return { data: query.data, isError: query.isError || moduleFailed, isSuccess: query.isSuccess };
}
