import { queryOptions } from '@tanstack/react-query';
import { configApi } from '../../shared/api/config';
import { configFromList, type ConfigValues } from '../../shared/domain/config-items';
import { apiCall } from './client';

export const configKeys = {
  all: ['config'] as const,
};

/** Fetch the site configuration list (`POST common/config {type:"all"}`). */
export function fetchConfigList(signal?: AbortSignal) {
  return apiCall(configApi.list, { body: { type: 'all' }, signal });
}

/**
 * Site configuration (title, logo, limits) as typed values with defaults for missing items.
 * Public (no session), cached and persisted like any read; stale after 5 minutes.
 */
export function configQuery() {
  return queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => fetchConfigList(signal),
    select: (list): ConfigValues => configFromList(list),
    staleTime: 5 * 60 * 1000,
  });
}
