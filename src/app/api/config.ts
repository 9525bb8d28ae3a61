import { configApi } from '../../shared/api/config';
import { configFromList, type ConfigValues } from '../../shared/domain/config-items';
import { endpointQuery } from './query';

/** `POST common/config {type: "all"}`: every config item. */
export const CONFIG_REQUEST = { body: { type: 'all' as const } };

/**
 * Site configuration (title, logo, limits) as typed values with defaults for missing items.
 * Public (no session), cached and persisted like any read; stale after 5 minutes. Screens read it
 * through api/site-config.ts (useSiteConfig), which loads this module (and its zod contract) on demand.
 */
export function configQuery() {
  return endpointQuery(configApi.list, CONFIG_REQUEST, {
    select: (list): ConfigValues => configFromList(list),
    staleTime: 5 * 60 * 1000,
  });
}
