/**
 * Accounts made or checked outside a user's own request: the start-up's admin and demo user
 * (src/server/bootstrap.ts reads the environment and calls these) and another area's check that a
 * user exists (an admin's grant). Other areas use these, never the account repo.
 */
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/executor';
import type { Logger } from '../../logger';
import type { SessionService } from './sessions';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

export type NewAccount = repo.NewUser;

/** Whether the user exists (read through `db`: the caller's transaction when it has one). */
export async function accountExists(db: Executor, userId: string): Promise<boolean> {
  return (await repo.findById(db, userId)) !== undefined;
}

/** The id of the account with this phone number, if any. */
export async function accountIdByPhone(db: Executor, phone: string): Promise<string | undefined> {
  return (await repo.findByPhone(db, phone))?.id;
}

/** An account made without registration (the demo user), in the caller's transaction. */
export async function createAccount(db: Executor, account: NewAccount): Promise<void> {
  await repo.insert(db, account);
}

/** Some admin's id (the demo user's inviter and its deposit channel's creator), if there is one. */
export function anyAdminId(db: Executor): Promise<string | undefined> {
  return repo.anyAdminId(db);
}

export interface AdminAccountSpec {
  phone: string;
  /** The password the environment gives, the source of truth when set. */
  password: string | undefined;
  /** The root invitation code the admin holds. */
  invite: string;
  /** The install's default password: a new admin's without `password`, and looked for afterwards. */
  defaultPassword: string;
  now: number;
}

export interface EnsuredAdmin {
  id: string;
  created: boolean;
  usesDefaultPassword: boolean;
}

/**
 * The admin of the environment: the account with `spec.phone` made an admin holding the root
 * invitation code, its password set when one is given (its sessions end then: a rotated password
 * usually means the old one leaked); else a new admin. Without a given password a default admin is
 * only created on an install that has no admin at all (null otherwise).
 */
export async function ensureAdminAccount(db: Executor, sessions: SessionService, spec: AdminAccountSpec, logger: Logger): Promise<EnsuredAdmin | null> {
  const { phone, password: given, invite, now } = spec;
  const existing = await repo.findByPhone(db, phone);
  let id: string;
  if (existing) {
    id = existing.id;
    const patch: Parameters<typeof repo.update>[2] = {};
    if (existing.is_admin !== 1) patch.is_admin = 1;
    if (existing.invite_code !== invite) {
      const holder = await repo.findByInviteCode(db, invite);
      if (holder) throw new Error(`KABUTO_ROOT_INVITE ${invite} is already another user's invitation code`);
      patch.invite_code = invite;
    }
    if (given && !(await verifyPassword(existing.password_hash, given))) patch.password_hash = await hashPassword(given);
    if (Object.keys(patch).length > 0) {
      await repo.update(db, id, patch, now);
      if (patch.password_hash) await sessions.revokeAllForUser(db, id);
      logger.info({ phone, changed: Object.keys(patch).filter((k) => k !== 'password_hash') }, 'admin account updated from environment');
    }
  } else {
    if (!given && (await repo.anyAdmin(db))) return null;
    id = uuidv7();
    await repo.insert(db, {
      id, phone, passwordHash: await hashPassword(given ?? spec.defaultPassword),
      inviteCode: invite, invitedBy: null, isAdmin: true, now,
    });
    logger.info({ phone }, 'admin account created');
  }
  const row = (await repo.findById(db, id))!;
  const usesDefaultPassword = !given && (await verifyPassword(row.password_hash, spec.defaultPassword));
  return { id, created: !existing, usesDefaultPassword };
}
