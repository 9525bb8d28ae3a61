/**
 * The process's settings: every environment variable the server reads, parsed once at start into
 * one typed, frozen object (issue 34; main.ts: config → db → migrate → …). A bad value stops the
 * start with one message naming every bad variable, its value and what it must be. Nothing else in
 * src/server reads `process.env` (eslint.config.js); the parts of the server that need a setting
 * take it from this object, and tests build one of their own: `loadConfig({ KABUTO_DEMO: '1' })`.
 *
 * README.md "Environment" lists the same variables with the same defaults and descriptions
 * (tests/unit/config.test.ts holds the two together): a new variable is one `variable()` here, one
 * field of `Config` and one row there.
 *
 * Not to be confused with the `config` area (modules/config): the operator's settings, kept in the
 * database and changed in the back office. This file is the process's own, fixed for its lifetime.
 */
import { resolve } from 'node:path';
import { inspect } from 'node:util';
import type { LevelWithSilent } from 'pino';
import { passwordSchema, phoneSchema } from '../../shared/api/account';
import { INVITE_CODE_PATTERN } from '../../shared/domain/account';
import { parseMarketInstant, type MarketClockSetting } from '../market-sim/market-clock';
import type { S3Options } from './uploads/s3-store';

/** An environment: `process.env`, or a test's own variables. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Embedded-mode defaults: a fresh install must be usable (bootstrap.ts tells the operator to change them). */
export const DEFAULT_ADMIN_PHONE = '09000000000';
export const DEFAULT_ROOT_INVITE = 'KABUTO';

export interface Config {
  server: {
    port: number;
    /** `api` serves requests only, `jobs` runs the scheduled jobs only, `all` both. */
    role: 'api' | 'jobs' | 'all';
    /** Absolute path of the built PWA. */
    distDir: string;
    /** Proxies of our own in front of the server (http/edge.ts); 0: the socket's address. */
    trustProxy: number;
    countryHeader: string | undefined;
    /** Passkeys' relying party; unset: the request's host and origin (modules/account/passkeys.ts). */
    rpId: string | undefined;
    origins: readonly string[] | undefined;
  };
  database: {
    /** A postgres:// URL; unset: SQLite in `dataDir`. */
    url: string | undefined;
    dataDir: string;
  };
  redis: { url: string | undefined; prefix: string };
  jobs: {
    /** KABUTO_JOBS=local: the in-process timer even on PostgreSQL. */
    local: boolean;
    periodMs: number;
    /** Unset: `<database schema>_pgboss`, else `pgboss` (platform/job-queue.ts). */
    pgbossSchema: string | undefined;
  };
  uploads: ({ kind: 's3' } & S3Options) | { kind: 'dir'; dir: string };
  market: { clock: MarketClockSetting; seed: string | undefined; demo: boolean };
  admin: { phone: string; password: string | undefined; rootInvite: string };
  push: { vapidSubject: string };
  documents: { font: string | undefined; operatorAddress: string };
  logging: { level: LevelWithSilent };
  test: { control: boolean };
}

/** One environment variable: its README row and how its text becomes a value. */
export interface Variable<T = unknown> {
  readonly name: string;
  /** README's "default" column (Markdown). */
  readonly default: string;
  /** README's "meaning" column (Markdown, one line). */
  readonly description: string;
  /** What a good value is: "<name> must be <expected>, got '<text>'". */
  readonly expected: string;
  /** The value of a set variable; undefined when the text is not acceptable. */
  readonly parse: (text: string) => T | undefined;
  /** The value when unset (or empty). */
  readonly fallback?: T;
  /** `value`: never shown (passwords, keys, the seed); `credentials`: a URL shown without its password. */
  readonly secret?: 'value' | 'credentials';
  /** Set but empty is a value of its own (KABUTO_S3_PREFIX= : the bucket's root), not "unset". */
  readonly emptyIsValue?: boolean;
}

const declared: Variable[] = [];
function variable<T>(v: Variable<T> & { fallback: T }): Variable<T> & { fallback: T };
function variable<T>(v: Variable<T>): Variable<T>;
function variable<T>(v: Variable<T>): Variable<T> {
  declared.push(v as Variable);
  return v;
}
/** Every variable the server reads. */
export const VARIABLES: readonly Variable[] = declared;

// ---- how a text becomes a value --------------------------------------------------------------

const anyText = (s: string) => s;
const flag = (s: string) => (s === '1' ? true : s === '0' ? false : undefined);
const oneOf =
  <T extends string>(...values: T[]) =>
  (s: string): T | undefined =>
    (values as string[]).includes(s) ? (s as T) : undefined;
/** `Number(text)` as the server always read these (so ` 8080 ` still is 8080), held to a range. */
const integer = (min: number, max: number) => (s: string) => {
  const n = Number(s);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const urlOf =
  (...protocols: string[]) =>
  (s: string) => {
    try {
      return protocols.includes(new URL(s).protocol) ? s : undefined;
    } catch {
      return undefined;
    }
  };
const matching = (pattern: RegExp) => (s: string) => (pattern.test(s) ? s : undefined);
/** A host name as WebAuthn takes it: lower case, no scheme, no port. */
const hostName = (s: string) => {
  try {
    return new URL(`https://${s}`).hostname === s ? s : undefined;
  } catch {
    return undefined;
  }
};
/** Comma-separated origins, each without its trailing slash (modules/account/passkeys.ts compares them as-is). */
const origins = (s: string): readonly string[] | undefined => {
  const list = s.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  return list.length > 0 && list.every((o) => URL.canParse(o)) ? list : undefined;
};
const marketClock = (s: string): MarketClockSetting | undefined => {
  const v = s.trim();
  if (v === '' || v === 'real') return { kind: 'real' };
  if (v === 'always-open') return { kind: 'always-open' };
  try {
    return { kind: 'fixed', at: parseMarketInstant(v) };
  } catch {
    return undefined;
  }
};
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

// ---- server ---------------------------------------------------------------------------------

const PORT = variable({
  name: 'PORT', default: '`8080`', description: 'HTTP port',
  expected: 'a port number (0–65535)', parse: integer(0, 65535), fallback: 8080,
});
const ROLE = variable<Config['server']['role']>({
  name: 'KABUTO_ROLE', default: '`all`',
  description: '`api` serves requests only, `jobs` runs the scheduled jobs only (keep it out of the balancer), `all` does both; anything else stops the start',
  expected: 'api, jobs or all', parse: oneOf('api', 'jobs', 'all'), fallback: 'all',
});
const DIST_DIR = variable({
  name: 'KABUTO_DIST_DIR', default: '`./dist`', description: 'the built PWA the server serves (`npm run build` writes `dist/`)',
  expected: 'a directory', parse: anyText, fallback: 'dist',
});
const TRUST_PROXY = variable({
  name: 'KABUTO_TRUST_PROXY', default: 'unset',
  description: 'only behind proxies of your own: the number of them (`1` for one). The client IP is then the `X-Forwarded-For` entry the outermost one appended (the Nth from the right); entries further left are the client\'s own and are ignored. Unset or `0`: the socket\'s address; anything else stops the start',
  // Unset, blank or 0: the socket's address; a typo must not silently trust a header the client writes.
  expected: 'the number of trusted proxy hops (0–32)', parse: (s) => (s.trim() === '' ? 0 : integer(0, 32)(s)), fallback: 0,
});
const COUNTRY_HEADER = variable({
  name: 'KABUTO_COUNTRY_HEADER', default: 'unset',
  description: 'only behind a proxy of your own that sets it on every request (overwriting what the client sent): the header naming the client\'s country as ISO 3166-1 alpha-2, e.g. `CF-IPCountry` behind Cloudflare. The login history shows it and a login from a new country is told to the user. Unset: the country is shown as unknown (Kabuto never asks a geolocation service)',
  expected: 'an HTTP header name (e.g. CF-IPCountry)', parse: matching(HEADER_NAME),
});
const RP_ID = variable({
  name: 'KABUTO_RP_ID', default: 'the request\'s host name',
  description: 'WebAuthn relying-party ID passkeys are bound to (your registrable domain, e.g. `kabuto.example`); set it in production, a passkey only works under the RP ID it was made for',
  expected: 'a host name in lower case, without scheme or port (e.g. kabuto.example)', parse: hostName,
});
const ORIGIN = variable({
  name: 'KABUTO_ORIGIN', default: 'the request\'s scheme and host',
  description: 'page origin(s) accepted in passkey responses, comma-separated (e.g. `https://app.kabuto.example`); set it behind a TLS proxy',
  expected: 'comma-separated origins (e.g. https://app.kabuto.example)', parse: origins,
});

// ---- database, Redis, jobs ------------------------------------------------------------------

const DATA_DIR = variable({
  name: 'KABUTO_DATA_DIR', default: '`./data`',
  description: 'where the SQLite database `kabuto.db` lives, and uploaded files (`uploads/`: KYC photos, receipts) under random names unless `KABUTO_UPLOADS_DIR` or `KABUTO_S3_BUCKET` says otherwise',
  expected: 'a directory', parse: anyText, fallback: './data',
});
const DATABASE_URL = variable({
  name: 'DATABASE_URL', default: '—', description: '`postgres://…` switches to PostgreSQL',
  expected: 'a postgres:// or postgresql:// URL', parse: urlOf('postgres:', 'postgresql:'), secret: 'credentials',
});
const REDIS_URL = variable({
  name: 'REDIS_URL', default: 'unset',
  description: '`redis://…`: rate limits (login, fund password, registration, FX quotes, quote streams per IP) are shared by every instance through Redis, and the message bus (support chat, message events) goes through Redis pub/sub. Redis down: limited requests answer 503 `service_unavailable` until it is back (limits fail closed), live updates fall back to each instance\'s own clients. Unset: in-process limits and bus',
  expected: 'a redis:// or rediss:// URL', parse: urlOf('redis:', 'rediss:'), secret: 'credentials',
});
const REDIS_PREFIX = variable({
  name: 'KABUTO_REDIS_PREFIX', default: '`kabuto:`', description: 'prefix of Kabuto\'s Redis keys and channels (several installs on one Redis)',
  expected: 'a key prefix', parse: anyText, fallback: 'kabuto:',
});
const JOBS = variable({
  name: 'KABUTO_JOBS', default: 'unset', description: '`local` keeps the in-process job timer on PostgreSQL (one instance only)',
  expected: 'local (or unset)', parse: oneOf('local'),
});
const JOB_PERIOD_MS = variable({
  name: 'KABUTO_JOB_PERIOD_MS', default: '`5000`',
  description: 'on PostgreSQL: the period of the scheduled jobs on pg-boss (each period\'s run happens once, whichever instance takes it)',
  expected: 'milliseconds, at least 500', parse: integer(500, 86_400_000), fallback: 5_000,
});
const PGBOSS_SCHEMA = variable({
  name: 'KABUTO_PGBOSS_SCHEMA', default: '`pgboss`', description: 'on PostgreSQL: the schema of pg-boss\'s job queue (several installs on one database)',
  // pg-boss's own rule for a schema name.
  expected: 'letters, digits and _ (at most 50)', parse: matching(/^\w{1,50}$/),
});

// ---- uploads --------------------------------------------------------------------------------

const UPLOADS_DIR = variable({
  name: 'KABUTO_UPLOADS_DIR', default: '`$KABUTO_DATA_DIR/uploads`', description: 'where uploaded files go; with several instances, a directory they all mount',
  expected: 'a directory', parse: anyText,
});
const S3_BUCKET = variable({
  name: 'KABUTO_S3_BUCKET', default: 'unset',
  description: 'uploads go to this S3-compatible bucket instead of a directory (with `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`)',
  expected: 'a bucket name', parse: anyText,
});
const S3_ENDPOINT = variable({
  name: 'KABUTO_S3_ENDPOINT', default: 'AWS in `KABUTO_S3_REGION`', description: 'the S3-compatible server (e.g. `http://127.0.0.1:9000`)',
  expected: 'an http:// or https:// URL', parse: urlOf('http:', 'https:'),
});
const S3_REGION = variable({
  name: 'KABUTO_S3_REGION', default: '`us-east-1`', description: 'the bucket\'s region',
  expected: 'a region name (e.g. ap-northeast-1)', parse: matching(/^[a-z0-9-]+$/), fallback: 'us-east-1',
});
const AWS_ACCESS_KEY_ID = variable({
  name: 'AWS_ACCESS_KEY_ID', default: 'unset', description: 'the access key of the S3 bucket',
  expected: 'an access key', parse: anyText, secret: 'value',
});
const AWS_SECRET_ACCESS_KEY = variable({
  name: 'AWS_SECRET_ACCESS_KEY', default: 'unset', description: 'its secret key',
  expected: 'a secret key', parse: anyText, secret: 'value',
});
const S3_PREFIX = variable({
  name: 'KABUTO_S3_PREFIX', default: '`uploads/`', description: 'key prefix inside the bucket (set and empty: none)',
  expected: 'a key prefix', parse: anyText, emptyIsValue: true,
});
const S3_SSE = variable({
  name: 'KABUTO_S3_SSE', default: 'unset', description: '`1` asks for server-side encryption (AES256) of every object',
  expected: '1 or 0', parse: flag, fallback: false,
});

// ---- market, start-up accounts, push, logging, tests ---------------------------------------

const MARKET_CLOCK = variable({
  name: 'KABUTO_MARKET_CLOCK', default: '`real`', description: '`real`, `always-open` (skips lunch, nights and holidays; for demos) or a fixed ISO time. Every domain time follows it (deposit hours, ledger, KYC, messages, offerings); sessions and rate limits keep real time',
  expected: 'real, always-open or an ISO time (e.g. 2025-03-03T10:15:00+09:00)', parse: marketClock, fallback: { kind: 'real' },
});
const MARKET_SEED = variable({
  name: 'KABUTO_MARKET_SEED', default: 'a secret made at first start and kept in the database',
  description: 'seed of the simulated market (same seed and time → same prices); set it only for tests and demos that need known prices: a public seed lets anyone compute future prices',
  expected: 'a seed', parse: anyText, secret: 'value',
});
const DEMO = variable({
  name: 'KABUTO_DEMO', default: 'unset',
  description: '`1` ensures a demo user with a journaled ¥1,000,000 demo grant, and — when no deposit channel exists — one bank channel marked fictitious (架空) so the deposit flow can be tried',
  expected: '1 or 0', parse: flag, fallback: false,
});
const ADMIN_PHONE = variable({
  name: 'KABUTO_ADMIN_PHONE', default: '`09000000000`', description: 'the admin account ensured at start',
  expected: 'a phone number', parse: (s) => phoneSchema.safeParse(s).data, fallback: DEFAULT_ADMIN_PHONE,
});
const ADMIN_PASSWORD = variable({
  name: 'KABUTO_ADMIN_PASSWORD', default: '`kabuto-admin` (only when no admin exists yet)', description: 'when set, the admin\'s password is set to it at every start',
  expected: 'a password the sign-up rules accept', parse: (s) => passwordSchema.safeParse(s).data, secret: 'value',
});
const ROOT_INVITE = variable({
  name: 'KABUTO_ROOT_INVITE', default: '`KABUTO`', description: 'the admin\'s invitation code (new users register with it)',
  expected: '4–16 letters or digits', parse: (s) => matching(INVITE_CODE_PATTERN)(s.toUpperCase()), fallback: DEFAULT_ROOT_INVITE,
});
const PDF_FONT = variable({
  name: 'KABUTO_PDF_FONT', default: 'IPAexGothic (`fonts-ipaexfont-gothic`), else Noto Sans CJK JP (`fonts-noto-cjk`)',
  description: 'the TrueType/OpenType font (`.ttf`, `.otf`, or `.ttc` with `#FaceName`) the documents\' PDFs embed, subset, for their Japanese text; it must allow embedding (IPA Font License, SIL OFL). Unset: the first of the Debian fonts found. None found: documents are not issued (the log says why) and the rest works',
  expected: 'a font file path', parse: anyText,
});
const OPERATOR_ADDRESS = variable({
  name: 'KABUTO_OPERATOR_ADDRESS', default: 'unset (the screen says it is not configured)',
  description: 'the operator\'s postal address (and department) where a customer without consent to electronic delivery asks for paper documents; shown on the document box and printed on every document',
  expected: 'an address', parse: anyText, fallback: '',
});
const VAPID_SUBJECT = variable({
  name: 'KABUTO_VAPID_SUBJECT', default: '`mailto:support@kabuto.invalid`',
  description: 'set it to your contact: Web Push services see it with Kabuto\'s VAPID key (the key pair is made at first use and kept in the database)',
  // What web-push accepts as a subject.
  expected: 'a mailto: or https: URL', parse: urlOf('mailto:', 'https:'), fallback: 'mailto:support@kabuto.invalid',
});
const LOG_LEVEL = variable<LevelWithSilent>({
  name: 'LOG_LEVEL', default: '`info`', description: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  expected: LOG_LEVELS.join(', '), parse: oneOf(...LOG_LEVELS), fallback: 'info',
});
const TEST_CONTROL = variable({
  name: 'KABUTO_TEST_CONTROL', default: 'unset',
  description: '**tests only**: `1` mounts `POST /api/vue/test/clock` and `test/jobs/run` for admins. Never in production.',
  expected: '1 or 0', parse: flag, fallback: false,
});

// ---- reading --------------------------------------------------------------------------------

/** Every bad value of an environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The environment has ${problems.length === 1 ? 'a bad value' : `${problems.length} bad values`} (README.md "Environment"):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const maskPassword = (url: string) => url.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');

function shown(v: Variable, text: string): string {
  if (v.secret === 'value') return "'***'";
  return `'${v.secret === 'credentials' ? maskPassword(text) : text}'`;
}

/** Reads variables and keeps every problem, so one start reports them all. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  read<T>(v: Variable<T> & { fallback: T }): T;
  read<T>(v: Variable<T>): T | undefined;
  read<T>(v: Variable<T>): T | undefined {
    const text = this.env[v.name];
    if (text === undefined || (text === '' && !v.emptyIsValue)) return v.fallback;
    const value = v.parse(text);
    if (value === undefined) this.problems.push(`${v.name} must be ${v.expected}, got ${shown(v, text)}`);
    return value ?? v.fallback;
  }
}

/** The settings of `env` (default: this process's); throws a ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const dataDir = r.read(DATA_DIR);
  const config: Config = {
    server: {
      port: r.read(PORT), role: r.read(ROLE), distDir: resolve(r.read(DIST_DIR)), trustProxy: r.read(TRUST_PROXY),
      countryHeader: r.read(COUNTRY_HEADER), rpId: r.read(RP_ID), origins: r.read(ORIGIN),
    },
    database: { url: r.read(DATABASE_URL), dataDir },
    redis: { url: r.read(REDIS_URL), prefix: r.read(REDIS_PREFIX) },
    jobs: { local: r.read(JOBS) === 'local', periodMs: r.read(JOB_PERIOD_MS), pgbossSchema: r.read(PGBOSS_SCHEMA) },
    uploads: uploads(r, dataDir),
    market: { clock: r.read(MARKET_CLOCK), seed: r.read(MARKET_SEED), demo: r.read(DEMO) },
    admin: { phone: r.read(ADMIN_PHONE), password: r.read(ADMIN_PASSWORD), rootInvite: r.read(ROOT_INVITE) },
    push: { vapidSubject: r.read(VAPID_SUBJECT) },
    documents: { font: r.read(PDF_FONT), operatorAddress: r.read(OPERATOR_ADDRESS) },
    logging: { level: r.read(LOG_LEVEL) },
    test: { control: r.read(TEST_CONTROL) },
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return sealed(config);
}

/** S3 when a bucket is named (its keys are then required), else a directory. */
function uploads(r: Reader, dataDir: string): Config['uploads'] {
  const bucket = r.read(S3_BUCKET);
  const region = r.read(S3_REGION);
  const endpoint = r.read(S3_ENDPOINT);
  const accessKeyId = r.read(AWS_ACCESS_KEY_ID);
  const secretAccessKey = r.read(AWS_SECRET_ACCESS_KEY);
  const prefix = r.read(S3_PREFIX);
  const serverSideEncryption = r.read(S3_SSE);
  const dir = { kind: 'dir', dir: r.read(UPLOADS_DIR) ?? `${dataDir}/uploads` } as const;
  if (!bucket) return dir;
  if (!accessKeyId || !secretAccessKey) {
    r.problems.push('KABUTO_S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    return dir;
  }
  return { kind: 's3', endpoint: endpoint ?? `https://s3.${region}.amazonaws.com`, bucket, region, accessKeyId, secretAccessKey, prefix, serverSideEncryption };
}

/** The config as it may be shown: passwords, keys and the seed replaced by ***. */
export function redacted(c: Config): unknown {
  const hide = (s: string | undefined) => (s === undefined ? s : '***');
  const url = (s: string | undefined) => (s === undefined ? s : maskPassword(s));
  return {
    ...c,
    database: { ...c.database, url: url(c.database.url) },
    redis: { ...c.redis, url: url(c.redis.url) },
    uploads: c.uploads.kind === 's3' ? { ...c.uploads, accessKeyId: hide(c.uploads.accessKeyId), secretAccessKey: hide(c.uploads.secretAccessKey) } : c.uploads,
    market: { ...c.market, seed: hide(c.market.seed) },
    admin: { ...c.admin, password: hide(c.admin.password) },
  };
}

/**
 * Frozen all the way down; logged or printed (pino and JSON.stringify call toJSON, console.log
 * calls inspect), it shows its redacted form, so a secret never reaches a log line.
 */
function sealed(c: Config): Config {
  Object.defineProperty(c, 'toJSON', { value: () => redacted(c) });
  Object.defineProperty(c, inspect.custom, { value: (_depth: number, opts: object) => inspect(redacted(c), opts) });
  return deepFreeze(c);
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
