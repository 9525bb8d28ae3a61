import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { invalid, notFound, ruleBroken } from '../../errors';
import {
  CONFIG_ITEMS,
  CONFIG_NAMES,
  CONFIG_ORDER,
  configBounds,
  configDefaults,
  isConfigName,
  type ConfigName,
  type ConfigValues,
} from '../../../shared/domain/config-items';
import type { AuditLog } from '../../platform/audit';
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

  /**
   * Admin command: validate, write, audit in one transaction, then drop the cache. A number outside
   * the item's law/design bounds is `config_out_of_bounds` {name, min, max}; a value that breaks a
   * rule between two items (forced close below the margin call, a minimum at or below its maximum) is `config_inconsistent`
   * {name, other, otherValue}, checked against the other item's current value under a row lock.
   * A refusal writes nothing (no audit row either).
   */
  async set(name: string, value: unknown, by: { adminId: string; reason: string }) {
    if (!isConfigName(name)) throw notFound('config_unknown', { name });
    const bounds = configBounds(name);
    if (bounds && typeof value === 'number' && Number.isFinite(value) && (value < bounds.min || value > bounds.max)) {
      throw invalid('config_out_of_bounds', { name, min: bounds.min, max: bounds.max });
    }
    const parsed = CONFIG_ITEMS[name].schema.safeParse(value);
    if (!parsed.success) throw invalid('config_invalid', { name });
    const next = parsed.data as string | number | boolean;
    const pairs = CONFIG_ORDER.filter((p) => p.lower === name || p.upper === name);
    const now = this.clock.now();
    await this.database.db.transaction().execute(async (trx) => {
      if (pairs.length > 0) {
        // Lock the item and its partners in name order, so two admins changing either side serialise.
        const others = pairs.map((p) => (p.lower === name ? p.upper : p.lower));
        const rows = await repo.readLocked(trx, this.database.caps, [name, ...others]);
        for (const p of pairs) {
          const other = p.lower === name ? p.upper : p.lower;
          const parsedOther = CONFIG_ITEMS[other].schema.safeParse(rows.get(other));
          const otherValue = (parsedOther.success ? parsedOther.data : CONFIG_ITEMS[other].default) as number;
          const lower = p.lower === name ? (next as number) : otherValue;
          const upper = p.upper === name ? (next as number) : otherValue;
          if (p.strict ? !(lower < upper) : !(lower <= upper)) throw ruleBroken('config_inconsistent', { name, other, otherValue });
        }
      }
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
