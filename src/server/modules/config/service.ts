import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { invalid, notFound } from '../../errors';
import {
  CONFIG_ITEMS,
  CONFIG_NAMES,
  configDefaults,
  isConfigName,
  type ConfigName,
  type ConfigValues,
} from '../../../shared/domain/config-items';
import type { AuditLog } from '../admin/audit';
import * as repo from './repo';

/**
 * How long a cached snapshot may be served. Changes made through this process invalidate at once;
 * the TTL only bounds how stale another instance's change can look in scale-out mode.
 */
const CACHE_TTL_MS = 10_000;

export class ConfigService {
  private cache: { values: ConfigValues; at: number } | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
  ) {}

  /** Write every missing item's default (start-up). */
  async seedDefaults(): Promise<void> {
    const defaults = configDefaults();
    await repo.insertMissing(
      this.database.db,
      CONFIG_NAMES.map((name) => ({ name, value: defaults[name] })),
      this.clock.now(),
    );
    this.invalidate();
  }

  async values(): Promise<ConfigValues> {
    const now = this.clock.now();
    if (this.cache && now - this.cache.at < CACHE_TTL_MS) return this.cache.values;
    const out = configDefaults() as Record<string, unknown>;
    for (const row of await repo.readAll(this.database.db)) {
      if (!isConfigName(row.name)) continue; // an item retired by a newer version
      const parsed = CONFIG_ITEMS[row.name].schema.safeParse(row.value);
      // A stored value the current schema refuses (schema tightened) falls back to the default.
      if (parsed.success) out[row.name] = parsed.data;
      else this.logger.warn({ name: row.name }, 'stored config value invalid; using default');
    }
    const values = out as ConfigValues;
    this.cache = { values, at: now };
    return values;
  }

  async get<K extends ConfigName>(name: K): Promise<ConfigValues[K]> {
    return (await this.values())[name];
  }

  /** The public `[{name, value}]` list in catalogue order. */
  async list(): Promise<{ name: string; value: string | number | boolean }[]> {
    const values = await this.values();
    return CONFIG_NAMES.map((name) => ({ name, value: values[name] }));
  }

  /** Admin command: validate, write, audit in one transaction, then drop the cache. */
  async set(name: string, value: unknown, by: { adminId: string; reason: string }) {
    if (!isConfigName(name)) throw notFound('config_unknown', { name });
    const parsed = CONFIG_ITEMS[name].schema.safeParse(value);
    if (!parsed.success) throw invalid('config_invalid', { name });
    const next = parsed.data as string | number | boolean;
    const now = this.clock.now();
    await this.database.db.transaction().execute(async (trx) => {
      const before = await repo.readOne(trx, name);
      await repo.upsert(trx, { name, value: next }, now, by.adminId);
      await this.audit.record(trx, {
        adminId: by.adminId,
        action: 'config.set',
        target: name,
        reason: by.reason,
        detail: { from: before ?? CONFIG_ITEMS[name].default, to: next },
      });
    });
    this.invalidate();
    return { name, value: next };
  }

  invalidate(): void {
    this.cache = null;
  }
}
