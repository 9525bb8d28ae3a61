/**
 * The raw baselines of bench/orders.ts: Kabuto's exact statements, replayed by the bare driver.
 *
 * An in-process test server takes two orders per user while every statement the driver runs is
 * recorded (SQL text, parameters, in order, BEGIN and COMMIT included; a commit group's SAVEPOINT
 * and RELEASE left out). The two recordings must be
 * the same statements; the UUIDs that appear only in the second (the order's own ids and its
 * idempotency key) are fresh in every replay, everything else is replayed as recorded. The replay
 * runs on the very database the server migrated and wrote — the real schema, its indexes and
 * triggers — with prepared statements and one transaction per order, as Kabuto commits them.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { registerUser, startTestServer, type TestServer } from '../tests/support/server';

export interface Statement {
  sql: string;
  params: unknown[];
  reader: boolean;
}
type Template = { statements: Statement[]; fresh: string[] };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let recording: Statement[] | null = null;
let sqliteFile: string | null = null;
let pgDatabase: string | null = null;

/** Hooks better-sqlite3's Statement (run/all/get) and pg's Client.query: every statement lands in `recording`. */
function installRecorders(): void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  if ((proto as { __recorded?: boolean }).__recorded) return;
  (proto as { __recorded?: boolean }).__recorded = true;
  for (const m of ['run', 'all', 'get'] as const) {
    const orig = proto[m]!;
    proto[m] = function (this: Database.Statement, ...args: unknown[]) {
      if (recording) {
        recording.push({ sql: this.source, params: Array.isArray(args[0]) ? [...(args[0] as unknown[])] : args, reader: this.reader });
        sqliteFile = this.database.name;
      }
      return orig.apply(this, args);
    };
  }
  const q = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    // Kysely sends a string and its values, or (named statements, src/server/db/named-statements.ts) a config.
    const config = args[0] as { text?: unknown; values?: unknown[] } | string;
    const text = typeof config === 'string' ? config : typeof config?.text === 'string' ? config.text : undefined;
    const values = typeof config === 'string' ? args[1] : config?.values;
    if (recording && text !== undefined) {
      pgDatabase = (this as unknown as { database: string }).database;
      recording.push({ sql: text, params: Array.isArray(values) ? [...(values as unknown[])] : [], reader: true });
    }
    return q.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const order = { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 };

async function recordOrder(s: TestServer, token: string): Promise<Statement[]> {
  recording = [];
  const res = await s.call('post', 'trade/orders', { token, body: order, headers: { 'Idempotency-Key': uuidv7() } });
  // SQLite runs a money command in a savepoint of a shared transaction (src/server/db/commit-group.ts):
  // the savepoint is how Kabuto groups commands, not part of the order, so the baseline leaves it
  // out and replays the order as one transaction of its own.
  const got = recording.filter((st) => !/^(savepoint|release) /i.test(st.sql));
  recording = null;
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return got;
}

function template(a: Statement[], b: Statement[]): Template {
  const same = a.length === b.length && a.every((s, i) => s.sql === b[i]!.sql);
  if (!same) throw new Error(`two orders ran different statements:\n${a.map((s) => s.sql).join('\n')}\n---\n${b.map((s) => s.sql).join('\n')}`);
  const seen = new Set(a.flatMap((s) => s.params.flatMap((p) => (typeof p === 'string' ? p.match(UUID) ?? [] : []))));
  const fresh = [...new Set(b.flatMap((s) => s.params.flatMap((p) => (typeof p === 'string' ? p.match(UUID) ?? [] : []))))].filter((u) => !seen.has(u));
  return { statements: b, fresh };
}

/**
 * Two consecutive orders that ran the same statements. On a loaded machine an order can outlast
 * the session cache's 2 s (ADR 018), and the next one then reads its session again: such a pair is
 * recorded again (five tries), so the baseline is an order as it usually runs.
 */
async function steadyTemplate(s: TestServer, token: string): Promise<Template> {
  for (let attempt = 1; ; attempt++) {
    const a = await recordOrder(s, token);
    const b = await recordOrder(s, token);
    if (attempt === 5 || (a.length === b.length && a.every((x, i) => x.sql === b[i]!.sql))) return template(a, b);
  }
}

/** One replay's parameters: every per-order UUID replaced by a new one, consistently across statements. */
function bind(t: Template): unknown[][] {
  const map = new Map(t.fresh.map((u) => [u, uuidv7()]));
  return t.statements.map((s) => s.params.map((p) => (typeof p === 'string' && map.size ? p.replace(UUID, (u) => map.get(u) ?? u) : p)));
}

export interface Recorded {
  /** One template per user. */
  templates: Template[];
  statementsPerOrder: number;
  sqliteFile: string | null;
  /** PostgreSQL: the test database the server wrote. */
  pgDatabase: string | null;
  server: TestServer;
}

/** Records the statements of an order for each of `users` users on a fresh in-process server. */
export async function recordOrders(dialect: 'sqlite' | 'postgres', users: number): Promise<Recorded> {
  installRecorders();
  const s = await startTestServer({ dialect });
  const templates: Template[] = [];
  for (let i = 0; i < users; i++) {
    const u = await registerUser(s);
    const grant = await s.call('post', `admin/users/${u.id}/grant`, {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { currency: 'JPY', amount: 1_000_000_000_000, reason: 'bench funds' },
    });
    if (grant.status !== 200) throw new Error(JSON.stringify(grant.body));
    // The first orders of a user may differ (first position, accounts created, then their ids kept).
    await recordOrder(s, u.token);
    await recordOrder(s, u.token);
    templates.push(await steadyTemplate(s, u.token));
  }
  return { templates, statementsPerOrder: templates[0]!.statements.length, sqliteFile, pgDatabase, server: s };
}

/** better-sqlite3 replaying the template on the server's own file: orders/s over `seconds`. */
export function replaySqlite(rec: Recorded, seconds: number): number {
  const db = new Database(rec.sqliteFile!);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const t = rec.templates[0]!;
  const stmts = t.statements.map((s) => db.prepare(s.sql));
  const once = () => {
    const params = bind(t);
    stmts.forEach((st, i) => (st.reader ? st.all(params[i]!) : st.run(params[i]!)));
  };
  for (let i = 0; i < 200; i++) once();
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) once();
    n += 50;
  }
  const rate = (n / (performance.now() - start)) * 1000;
  db.close();
  return rate;
}

/** Raw `pg`, one client per user, each replaying its user's template with named prepared statements. */
export async function replayPostgres(rec: Recorded, serverUrl: string, seconds: number): Promise<number> {
  const url = new URL(serverUrl);
  url.pathname = `/${rec.pgDatabase}`;
  const clients = await Promise.all(rec.templates.map(async () => {
    const c = new pg.Client({ connectionString: url.href });
    await c.connect();
    return c;
  }));
  const names = new Map<string, string>();
  const nameOf = (sql: string) => names.get(sql) ?? (names.set(sql, `s${names.size}`), names.get(sql)!);
  const once = async (c: pg.Client, t: Template) => {
    const params = bind(t);
    for (let i = 0; i < t.statements.length; i++) {
      const s = t.statements[i]!;
      await c.query({ name: params[i]!.length ? nameOf(s.sql) : undefined, text: s.sql, values: params[i] as unknown[] });
    }
  };
  await Promise.all(clients.map(async (c, i) => { for (let k = 0; k < 20; k++) await once(c, rec.templates[i]!); }));
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(clients.map(async (c, i) => {
    while (performance.now() < end) {
      await once(c, rec.templates[i]!);
      n++;
    }
  }));
  const rate = (n / (performance.now() - start)) * 1000;
  await Promise.all(clients.map((c) => c.end()));
  return rate;
}
