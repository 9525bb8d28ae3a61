import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** Where a repository function runs its SQL: the pool, or the transaction of the command calling it. */
export type Executor = Kysely<DB> | Transaction<DB>;
