/**
 * Helpers of the registry-driven security tests (tests/api/security-*.test.ts): a digest of every
 * row the server keeps, so "no state change" is checked for all tables at once, and the concrete
 * path of an endpoint.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AnyEndpoint } from '../../src/shared/api/registry';
import type { TestServer } from './server';

/** Tables whose rows change on every authenticated request (last use of a session): counted, not hashed. */
const COUNTED_ONLY = new Set(['sessions']);

/** Row counts of every table and a hash of every row (sessions: counted only). */
export async function stateDigest(s: TestServer): Promise<Record<string, string>> {
  const db = s.services.database.db;
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_')).sort();
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    if (COUNTED_ONLY.has(name)) {
      out[name] = `${rows.length} rows`;
      continue;
    }
    const lines = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
    out[name] = `${rows.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** An endpoint's path with its `{params}` filled (each value URI-encoded unless `raw`). */
export function pathOf(ep: AnyEndpoint, value: string | ((name: string) => string), raw = false): string {
  return ep.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = typeof value === 'function' ? value(name) : value;
    return raw ? v : encodeURIComponent(v);
  });
}

export interface FieldInfo {
  name: string;
  /** JSON Schema of the field's input (type, enum, pattern…). */
  schema: Record<string, unknown>;
}

/** The top-level fields of an object schema (body or query), from its JSON Schema. */
export function fieldsOf(schema: z.ZodType | undefined): FieldInfo[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, schema: s }));
}

/** A free-text string field: any ordinary text may be valid, so an injection string is not necessarily refused. */
export function isFreeText(f: FieldInfo): boolean {
  const s = f.schema;
  const types = [s.type, ...((s.anyOf as { type?: string }[] | undefined) ?? []).map((x) => x.type)];
  return types.includes('string') && s.enum === undefined && s.const === undefined && s.pattern === undefined && s.format === undefined;
}
