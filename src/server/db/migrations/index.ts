import type { Migration } from 'kysely';
import type { Capabilities } from '../capabilities';
import { foundation } from './2026-11-22-001-foundation';

/** Ordered by name (ISO date first). Add new migrations here; never edit a landed one. */
export const migrations: Record<string, (caps: Capabilities) => Migration> = {
  '2026-11-22-001-foundation': foundation,
};
