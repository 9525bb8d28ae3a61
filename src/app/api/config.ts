import { configApi } from '../../shared/api/config';
import { configFromList, type ConfigValues } from '../../shared/domain/config-items';
import { apiCall } from './client';
import { CONFIG_REQUEST } from './config-key';
import { endpointQuery } from './query';

/** Fetch the site configuration list (`POST common/config {type:"all"}`). */
export function fetchConfigList(signal?: AbortSignal) {
  return apiCall(configApi.list, { ...CONFIG_REQUEST, signal });
}

/**
 * Site configuration (title, logo, limits) as typed values with defaults for missing items.
 * Public (no session), cached and persisted like any read; stale after 5 minutes. Its key is
 * CONFIG_QUERY_KEY (config-key.ts), which the first-load splash uses before this module is loaded.
 */
export function configQuery() {
  return endpointQuery(configApi.list, CONFIG_REQUEST, {
    select: (list): ConfigValues => configFromList(list),
    staleTime: 5 * 60 * 1000,
  });
}
