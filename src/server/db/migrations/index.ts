import type { Migration } from 'kysely';
import type { Capabilities } from '../capabilities';
import { foundation } from './2026-11-22-001-foundation';
import { watchlist } from './2026-11-22-002-watchlist';
import { trading } from './2026-11-22-003-trading';
import { passkeys } from './2026-11-23-002-passkeys';
import { serverSecrets } from './2026-11-23-003-server-secrets';

/** Ordered by name (ISO date first). Add new migrations here; never edit a landed one. */
export const migrations: Record<string, (caps: Capabilities) => Migration> = {
  '2026-11-22-001-foundation': foundation,
  '2026-11-22-002-watchlist': watchlist,
  '2026-11-22-003-trading': trading,
  '2026-11-23-002-passkeys': passkeys,
  '2026-11-23-003-server-secrets': serverSecrets,
};
