import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/** Migrations are bundled in code (not read from disk) so they run the same under tsx and tests. */
export async function migrate(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, factory] of Object.entries(migrations)) out[name] = factory(database.caps);
      return out;
    },
  };
  // With a schema, the migration tables live in it too: Kysely otherwise looks them up across
  // every schema on the server and two schemas' runs see each other's lock table.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
