/**
 * The back office's block-offer reads (the commands go through the back office's useAdminCommand).
 * Not persisted to IndexedDB, like every admin read (features/admin/api.ts).
 */
import { adminApi } from '../../../shared/api/admin';
import { blockAdminApi } from '../../../shared/api/block';
import type { DataOf } from '../../../shared/api/endpoint';
import { endpointInfiniteQuery, endpointQuery } from '../../api/query';

export type BlockOffer = DataOf<typeof blockAdminApi.list>['items'][number];
export type BlockBand = DataOf<typeof adminApi.blockBand>;

const NO_PERSIST = { persist: false };

export const offersQuery = () => endpointInfiniteQuery(blockAdminApi.list, { query: { limit: 20 } }, { staleTime: 5_000, meta: NO_PERSIST });

export const bandQuery = (code: string) =>
  endpointQuery(adminApi.blockBand, { query: { code } }, { staleTime: 10_000, retry: false, silent: true, meta: NO_PERSIST });
