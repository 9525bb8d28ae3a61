import { uuidv7 } from 'uuidv7';
import { passwordSchema, phoneSchema } from '../shared/api/account';
import { INVITE_CODE_PATTERN } from '../shared/domain/account';
import type { Env, Services } from './services';
import { hashPassword, newInviteCode, users, verifyPassword } from './modules/account';
import { encodeMemo } from '../shared/domain/ledger-kinds';
import { HOUSE } from './ledger';
import { ensureDemoDepositChannel } from './modules/cash';
import { withAdvisoryLock } from './platform/advisory-lock';

/** Embedded-mode defaults: a fresh install must be usable, and loudly tells the operator to change them. */
export const DEFAULT_ADMIN_PHONE = '09000000000';
export const DEFAULT_ADMIN_PASSWORD = 'kabuto-admin';
export const DEFAULT_ROOT_INVITE = 'KABUTO';
export const DEMO_PHONE = '09011112222';
export const DEMO_PASSWORD = 'kabuto-demo';
/** ¥1,000,000 of test money, visible to the demo user as a ledger entry. */
export const DEMO_GRANT_JPY = 1_000_000;

export interface BootstrapResult {
  /** The ensured admin; null when another admin exists and no KABUTO_ADMIN_PASSWORD was given. */
  admin: { id: string; phone: string; inviteCode: string; created: boolean; usesDefaultPassword: boolean } | null;
  demo: { id: string; phone: string; password: string } | null;
}

function setting<T>(name: string, raw: string, parse: (s: string) => T | undefined): T {
  const v = parse(raw);
  if (v === undefined) throw new Error(`${name} is not valid: ${JSON.stringify(name.endsWith('PASSWORD') ? '***' : raw)}`);
  return v;
}

/**
 * Start-up: config defaults, the admin from the environment, and the optional demo user (with a demo
 * deposit channel). Idempotent. On PostgreSQL, instances starting together (scale-out, docs/decisions/
 * 021-scale-out.md) take turns under an advisory lock: the second finds what the first created
 * instead of inserting the admin a second time.
 */
export async function bootstrap(services: Services, env: Env): Promise<BootstrapResult> {
  return withAdvisoryLock(services.database, 'kabuto.bootstrap', () => bootstrapOnce(services, env));
}

async function bootstrapOnce(services: Services, env: Env): Promise<BootstrapResult> {
  await services.config.seedDefaults();
  const admin = await ensureAdmin(services, env);
  const demo = env.KABUTO_DEMO === '1' ? await ensureDemo(services, admin?.id ?? null) : null;
  const adminId = admin?.id ?? (await users.anyAdminId(services.database.db));
  if (demo && adminId && (await ensureDemoDepositChannel(services, adminId))) services.logger.info('demo deposit channel created (fictitious bank account)');
  return { admin, demo };
}

async function ensureAdmin(services: Services, env: Env): Promise<BootstrapResult['admin']> {
  const { database, clock, logger } = services;
  const db = database.db;
  const phone = setting('KABUTO_ADMIN_PHONE', env.KABUTO_ADMIN_PHONE || DEFAULT_ADMIN_PHONE, (s) => phoneSchema.safeParse(s).data);
  const given = env.KABUTO_ADMIN_PASSWORD
    ? setting('KABUTO_ADMIN_PASSWORD', env.KABUTO_ADMIN_PASSWORD, (s) => passwordSchema.safeParse(s).data)
    : undefined;
  const invite = setting('KABUTO_ROOT_INVITE', (env.KABUTO_ROOT_INVITE || DEFAULT_ROOT_INVITE).toUpperCase(), (s) =>
    INVITE_CODE_PATTERN.test(s) ? s : undefined,
  );
  const now = clock.now();
  const existing = await users.findByPhone(db, phone);
  let id: string;
  if (existing) {
    id = existing.id;
    const patch: Parameters<typeof users.update>[2] = {};
    if (existing.is_admin !== 1) patch.is_admin = 1;
    if (existing.invite_code !== invite) {
      const holder = await users.findByInviteCode(db, invite);
      if (holder) throw new Error(`KABUTO_ROOT_INVITE ${invite} is already another user's invitation code`);
      patch.invite_code = invite;
    }
    // The environment is the source of truth for the admin password when it is set.
    if (given && !(await verifyPassword(existing.password_hash, given))) patch.password_hash = await hashPassword(given);
    if (Object.keys(patch).length > 0) {
      await users.update(db, id, patch, now);
      // A rotated password usually means the old one leaked: end the sessions opened with it.
      if (patch.password_hash) await services.sessions.revokeAllForUser(db, id);
      logger.info({ phone, changed: Object.keys(patch).filter((k) => k !== 'password_hash') }, 'admin account updated from environment');
    }
  } else {
    // Without an explicit password, a default admin is only created on an install that has no admin at all.
    if (!given && (await users.anyAdmin(db))) return null;
    id = uuidv7();
    await users.insert(db, {
      id, phone, passwordHash: await hashPassword(given ?? DEFAULT_ADMIN_PASSWORD),
      inviteCode: invite, invitedBy: null, isAdmin: true, now,
    });
    logger.info({ phone }, 'admin account created');
  }
  const row = (await users.findById(db, id))!;
  const usesDefaultPassword = !given && (await verifyPassword(row.password_hash, DEFAULT_ADMIN_PASSWORD));
  if (usesDefaultPassword) logger.warn({ phone }, 'the admin still uses the default password: change it now');
  return { id, phone, inviteCode: invite, created: !existing, usesDefaultPassword };
}

/** KABUTO_DEMO=1: a demo user invited by the admin, so the app can be tried at once. */
async function ensureDemo(services: Services, adminId: string | null): Promise<BootstrapResult['demo']> {
  const db = services.database.db;
  const existing = await users.findByPhone(db, DEMO_PHONE);
  if (existing) return { id: existing.id, phone: DEMO_PHONE, password: DEMO_PASSWORD };
  const id = uuidv7();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The user and its journaled demo grant (docs/architecture.md "Runtime modes") commit together, so a restart never
  // finds a demo user without its funds or grants them twice.
  await services.ledger.transact(async (trx) => {
    await users.insert(trx, {
      id, phone: DEMO_PHONE, passwordHash,
      inviteCode: newInviteCode(), invitedBy: adminId, isAdmin: false, now: services.clock.now(),
    });
    await services.ledger.post(trx, {
      kind: 'demo_grant', userId: id, refType: 'bootstrap', refId: id,
      memo: encodeMemo({ id: 'memo_demo_grant', params: {} }),
      postings: [
        { owner: id, currency: 'JPY', kind: 'cash', amount: DEMO_GRANT_JPY },
        { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: -DEMO_GRANT_JPY },
      ],
    });
  });
  services.logger.info({ phone: DEMO_PHONE }, 'demo user created');
  return { id, phone: DEMO_PHONE, password: DEMO_PASSWORD };
}
