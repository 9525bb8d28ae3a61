import { endpointKey } from './query-key';

/*
 * The site configuration's request and cache key, without the contract: the splash of /login/start
 * reads the cached config before the zod contract is loaded (components/useSiteConfig.ts), so this
 * module must not import it. A unit test checks the key against the contract's (api/config.ts).
 */

/** `POST common/config {type: "all"}`: every config item. */
export const CONFIG_REQUEST = { body: { type: 'all' as const } };

/** ['common', 'config', {type: 'all'}]: the key `endpointQuery(configApi.list, CONFIG_REQUEST)` makes. */
export const CONFIG_QUERY_KEY = endpointKey({ path: 'common/config' }, CONFIG_REQUEST);
