import { uuidv7 } from 'uuidv7';
import type { Services } from './services';
import type { Config } from './platform/config';
import { accountIdByPhone, anyAdminId, createAccount, ensureAdminAccount, hashPassword, newInviteCode } from './modules/account';
import { encodeMemo } from '../shared/domain/ledger-kinds';
import { HOUSE } from './ledger';
import { ensureDemoDepositChannel } from './modules/cash';
import { withAdvisoryLock } from './platform/advisory-lock';

/**
 * Embedded-mode default: a fresh install must be usable, and loudly tells the operator to change it
 * (the admin's phone and invitation code default in platform/config.ts).
 */
export const DEFAULT_ADMIN_PASSWORD = 'kabuto-admin';
export const DEMO_PHONE = '09011112222';
export const DEMO_PASSWORD = 'kabuto-demo';
/** ¥1,000,000 of test money, visible to the demo user as a ledger entry. */
export const DEMO_GRANT_JPY = 1_000_000;

export interface BootstrapResult {
  /** The ensured admin; null when another admin exists and no KABUTO_ADMIN_PASSWORD was given. */
  admin: { id: string; phone: string; inviteCode: string; created: boolean; usesDefaultPassword: boolean } | null;
  demo: { id: string; phone: string; password: string } | null;
}

/**
 * Start-up: config defaults, the investment-trust catalogue, the admin from the environment, and the optional demo user (with a demo
 * deposit channel). Idempotent. On PostgreSQL, instances starting together (scale-out, docs/decisions/
 * 021-scale-out.md) take turns under an advisory lock: the second finds what the first created
 * instead of inserting the admin a second time.
 */
export async function bootstrap(services: Services, settings: Pick<Config, 'admin' | 'market'>): Promise<BootstrapResult> {
  return withAdvisoryLock(services.database, 'kabuto.bootstrap', () => bootstrapOnce(services, settings));
}

async function bootstrapOnce(services: Services, settings: Pick<Config, 'admin' | 'market'>): Promise<BootstrapResult> {
  await services.config.seedDefaults();
  // The investment-trust catalogue exists from the start (its NAV history is struck by the first job run).
  await services.trusts.ensureCatalogue();
  const admin = await ensureAdmin(services, settings.admin);
  const demo = settings.market.demo ? await ensureDemo(services, admin?.id ?? null) : null;
  const adminId = admin?.id ?? (await anyAdminId(services.database.db));
  if (demo && adminId && (await ensureDemoDepositChannel(services, adminId))) services.logger.info('demo deposit channel created (fictitious bank account)');
  return { admin, demo };
}

/** The admin of KABUTO_ADMIN_PHONE / _PASSWORD / KABUTO_ROOT_INVITE, checked at start (platform/config.ts). */
async function ensureAdmin(services: Services, settings: Config['admin']): Promise<BootstrapResult['admin']> {
  // Accounts are kept on real time, as the account area (docs/decisions/023-one-clock.md).
  const { database, wallClock: clock, logger } = services;
  const db = database.db;
  const { phone, password: given, rootInvite: invite } = settings;
  // The environment is the source of truth for the admin password when it is set (account/provisioning.ts).
  const admin = await ensureAdminAccount(db, services.sessions, { phone, password: given, invite, defaultPassword: DEFAULT_ADMIN_PASSWORD, now: clock.now() }, logger);
  if (!admin) return null;
  if (admin.usesDefaultPassword) logger.warn({ phone }, 'the admin still uses the default password: change it now');
  return { id: admin.id, phone, inviteCode: invite, created: admin.created, usesDefaultPassword: admin.usesDefaultPassword };
}

/** KABUTO_DEMO=1: a demo user invited by the admin, so the app can be tried at once. */
async function ensureDemo(services: Services, adminId: string | null): Promise<BootstrapResult['demo']> {
  const db = services.database.db;
  const existing = await accountIdByPhone(db, DEMO_PHONE);
  if (existing) return { id: existing, phone: DEMO_PHONE, password: DEMO_PASSWORD };
  const id = uuidv7();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The user and its journaled demo grant (docs/architecture.md "Runtime modes") commit together, so a restart never
  // finds a demo user without its funds or grants them twice.
  await services.ledger.transact(async (trx) => {
    await createAccount(trx, {
      id, phone: DEMO_PHONE, passwordHash,
      inviteCode: newInviteCode(), invitedBy: adminId, isAdmin: false, now: services.wallClock.now(),
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
