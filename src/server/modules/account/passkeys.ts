/**
 * Passkeys (WebAuthn) for the account area — docs/decisions/008-passkeys.md. Registration in
 * settings, password-less sign-in with a discoverable credential, and step-up: a fresh assertion
 * earns a short-lived, single-use token that a high-risk command (password and fund-password
 * changes today, withdrawals tomorrow) requires in the `X-Step-Up` header once the user has a
 * passkey. Challenges live in `passkey_challenge` under an opaque id, expire, and are spent once.
 * A user may require a passkey at every sign-in, and an admin's passkey is what opens the back
 * office (the session records how it was signed in: sessions.ts, http/auth.ts assertAdmin).
 */
import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { conflict, forbidden, notFound, ruleBroken } from '../../errors';
import type { RequestInfo } from '../module';
import type { sessionData } from '../../../shared/api/account';
import { STEP_UP_HEADER, type PasskeyItem, type PasskeySettings, type passkeyOptions } from '../../../shared/api/passkey';
import type { LoginHistory } from './logins';
import * as users from './repo';
import * as repo from './passkeys-repo';
import { canLogin } from './rules';

/** A challenge is good for 5 minutes (the browser's own time-out is shorter). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** A step-up token is good for 5 minutes and one command. */
export const STEP_UP_TTL_MS = 5 * 60_000;
const BROWSER_TIMEOUT_MS = 120_000;
const RP_NAME = 'Kabuto';

type Purpose = 'register' | 'login' | 'verify';
type Options = z.infer<typeof passkeyOptions>;

export interface PasskeyConfig {
  /** KABUTO_RP_ID: the registrable domain passkeys are bound to. Default: the request's host name. */
  rpId?: string;
  /** KABUTO_ORIGIN: the page origin(s), without a trailing slash. Default: the request's scheme and host. */
  origins?: readonly string[];
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const failed = () => ruleBroken('passkey_failed');
const expired = () => ruleBroken('passkey_challenge_expired');

export class PasskeyService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Makes the session of a passkey sign-in, recorded (and alerted) like a password one (docs/domain.md "Login history and devices"). */
    private readonly logins: LoginHistory,
    private readonly config: PasskeyConfig = {},
  ) {}

  /** The relying party of a request: configured, else the request's own host and origin. */
  relyingParty(request: Pick<RequestInfo, 'url'>): { rpId: string; origins: string[] } {
    const url = new URL(request.url);
    const origins = this.config.origins ? [...this.config.origins] : [url.origin];
    return { rpId: this.config.rpId || url.hostname, origins };
  }

  async list(userId: string): Promise<PasskeyItem[]> {
    return (await repo.credentialsOf(this.database.db, userId)).map(toItem);
  }

  /** With a passkey already registered, adding another needs a fresh assertion with one of them. */
  async registerOptions(user: AuthUser, request: RequestInfo): Promise<Options> {
    const db = this.database.db;
    await this.requireStepUp(user, request.header(STEP_UP_HEADER));
    const { rpId } = this.relyingParty(request);
    const existing = await repo.credentialsOf(db, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userName: user.phone,
      userDisplayName: user.phone,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      timeout: BROWSER_TIMEOUT_MS,
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await this.issueChallenge('register', options.challenge, rpId, user);
    return { challengeId, options: { ...options } };
  }

  async register(user: AuthUser, body: { challengeId: string; response: unknown; name?: string }, request: RequestInfo): Promise<PasskeyItem> {
    const challenge = await this.takeChallenge(body.challengeId, 'register', user);
    const { origins } = this.relyingParty(request);
    let info;
    try {
      const v = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origins,
        expectedRPID: challenge.rp_id,
        requireUserVerification: true,
      });
      if (!v.verified) throw failed();
      info = v.registrationInfo;
    } catch (e) {
      throw asFailure(e);
    }
    const row = {
      id: uuidv7(),
      user_id: user.id,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      sign_count: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? []),
      rp_id: challenge.rp_id,
      name: body.name ?? '',
      backed_up: info.credentialBackedUp ? 1 : 0,
      created_at: this.clock.now(),
    };
    try {
      await repo.insertCredential(this.database.db, row);
    } catch (e) {
      if (this.database.caps.isUniqueViolation(e)) throw conflict('passkey_exists');
      throw e;
    }
    return toItem({ ...row, last_used_at: null });
  }

  /**
   * Deleting a passkey needs a fresh assertion (else a stolen session could remove the second
   * factor). The last one of an account that needs a passkey — it requires one at sign-in, or it is
   * an admin's, whose back office takes passkey sessions only — stays (422 `passkey_last_required`):
   * without it the account would be locked out, or an admin's password would again be enough to
   * enrol a passkey of the holder's choosing.
   */
  async remove(user: AuthUser, id: string, request: RequestInfo): Promise<void> {
    const db = this.database.db;
    if (!(await repo.findOwned(db, user.id, id))) throw notFound('not_found');
    // Told before an assertion is spent on a removal that cannot happen.
    await this.assertNotLastNeeded(db, user.id);
    await this.requireStepUp(user, request.header(STEP_UP_HEADER));
    const removed = await db.transaction().execute(async (trx) => {
      // Again under the user's lock: two removals at once must not both pass the check.
      await this.assertNotLastNeeded(trx, user.id, true);
      return repo.deleteOwned(trx, user.id, id);
    });
    if (!removed) throw notFound('not_found');
  }

  private async assertNotLastNeeded(db: Executor, userId: string, locked = false): Promise<void> {
    const policy = locked ? await repo.lockPolicy(db, this.database.caps.rowLocks, userId) : await users.findById(db, userId);
    if (policy && needsPasskey(policy) && (await repo.countCredentials(db, userId)) <= 1) throw ruleBroken('passkey_last_required');
  }

  /** The caller's passkey sign-in policy, passkey count, and how this session was signed in. */
  async settings(user: AuthUser): Promise<PasskeySettings> {
    const db = this.database.db;
    const [row, count] = await Promise.all([users.findById(db, user.id), repo.countCredentials(db, user.id)]);
    if (!row) throw notFound('user_not_found');
    return { requireAtLogin: row.passkey_required === 1, count, session: user.authMethod === 'passkey' ? 'passkey' : 'password' };
  }

  /**
   * Require a passkey at every sign-in, or stop requiring it. Either way needs a fresh assertion
   * (`X-Step-Up`): turning it on, that is the re-authentication the change asks for, and it proves a
   * passkey of the user's works before the password stops being enough; turning it off must be
   * beyond a stolen session or a phished password. On needs a registered passkey (422
   * `passkey_not_registered`, before any assertion is asked for).
   */
  async setSettings(user: AuthUser, body: { requireAtLogin: boolean }, request: RequestInfo): Promise<PasskeySettings> {
    const db = this.database.db;
    if (body.requireAtLogin && (await repo.countCredentials(db, user.id)) === 0) throw ruleBroken('passkey_not_registered');
    await this.requireStepUp(user, request.header(STEP_UP_HEADER));
    await db.transaction().execute(async (trx) => {
      if (!(await repo.lockPolicy(trx, this.database.caps.rowLocks, user.id))) throw notFound('user_not_found');
      // Again under the lock: the last passkey may have been removed meanwhile.
      if (body.requireAtLogin && (await repo.countCredentials(trx, user.id)) === 0) throw ruleBroken('passkey_not_registered');
      await repo.setPasskeyRequired(trx, user.id, body.requireAtLogin, this.clock.now());
    });
    return this.settings(user);
  }

  /** Sign-in: no user yet, so no allowCredentials — the authenticator offers its discoverable passkeys. */
  async loginOptions(request: RequestInfo): Promise<Options> {
    const { rpId } = this.relyingParty(request);
    const options = await generateAuthenticationOptions({ rpID: rpId, userVerification: 'required', timeout: BROWSER_TIMEOUT_MS });
    const challengeId = await this.issueChallenge('login', options.challenge, rpId, undefined);
    return { challengeId, options: { ...options } };
  }

  async login(body: { challengeId: string; response: AuthenticationResponseJSON }, request: RequestInfo): Promise<z.infer<typeof sessionData>> {
    const challenge = await this.takeChallenge(body.challengeId, 'login', undefined);
    const credential = await this.assert(challenge, body.response, request, undefined);
    const user = await users.findById(this.database.db, credential.user_id);
    if (!user) throw failed();
    if (!canLogin(user.state)) throw forbidden('account_banned', user.state_reason ? { reason: user.state_reason } : undefined);
    const s = await this.logins.signIn(user.id, this.logins.clientOf(request.ip, request), 'passkey');
    return { token: s.token, account: user.phone, is_admin: user.is_admin === 1 };
  }

  /** Step-up: an assertion with one of the signed-in user's own passkeys. */
  async verifyOptions(user: AuthUser, request: RequestInfo): Promise<Options> {
    const { rpId } = this.relyingParty(request);
    const mine = (await repo.credentialsOf(this.database.db, user.id)).filter((c) => c.rp_id === rpId);
    if (mine.length === 0) throw notFound('not_found');
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'required',
      timeout: BROWSER_TIMEOUT_MS,
      allowCredentials: mine.map((c) => ({ id: c.credential_id, transports: transportsOf(c) })),
    });
    const challengeId = await this.issueChallenge('verify', options.challenge, rpId, user);
    return { challengeId, options: { ...options } };
  }

  async verify(user: AuthUser, body: { challengeId: string; response: AuthenticationResponseJSON }, request: RequestInfo) {
    const challenge = await this.takeChallenge(body.challengeId, 'verify', user);
    await this.assert(challenge, body.response, request, user.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.clock.now() + STEP_UP_TTL_MS;
    await repo.insertStepUp(this.database.db, { token_hash: hash(token), user_id: user.id, session_id: user.sessionId, expires_at: expiresAt });
    return { token, expiresAt };
  }

  /**
   * The second factor of a high-risk command: a user without a passkey passes unchanged; a user
   * with one must send a live step-up token of this session, which is spent here (403
   * `step_up_required` otherwise).
   */
  async requireStepUp(user: AuthUser, token: string | undefined): Promise<void> {
    const db = this.database.db;
    if (!(await repo.hasCredential(db, user.id))) return;
    if (!token || token.length > 128 || !(await repo.takeStepUp(db, hash(token), user.id, user.sessionId, this.clock.now()))) {
      throw forbidden('step_up_required');
    }
  }

  private async issueChallenge(purpose: Purpose, challenge: string, rpId: string, user: AuthUser | undefined): Promise<string> {
    const db = this.database.db;
    const now = this.clock.now();
    await repo.pruneExpired(db, now);
    const id = randomBytes(24).toString('base64url');
    await repo.insertChallenge(db, {
      id,
      purpose,
      challenge,
      user_id: user?.id ?? null,
      session_id: user?.sessionId ?? null,
      rp_id: rpId,
      expires_at: now + PASSKEY_CHALLENGE_TTL_MS,
    });
    return id;
  }

  /** Spends the challenge (whatever happens next) and checks it was issued for this purpose and caller. */
  private async takeChallenge(id: string, purpose: Purpose, user: AuthUser | undefined): Promise<repo.ChallengeRow> {
    const row = await repo.takeChallenge(this.database.db, id);
    if (!row || row.expires_at <= this.clock.now() || row.purpose !== purpose) throw expired();
    if (row.user_id !== (user?.id ?? null) || row.session_id !== (user?.sessionId ?? null)) throw expired();
    return row;
  }

  /** Verifies an assertion against a stored credential (of `userId` when given) and records its use. */
  private async assert(
    challenge: repo.ChallengeRow,
    response: AuthenticationResponseJSON,
    request: RequestInfo,
    userId: string | undefined,
  ): Promise<repo.CredentialRow> {
    const db = this.database.db;
    const credential = await repo.findByCredentialId(db, response.id);
    if (!credential || credential.rp_id !== challenge.rp_id) throw failed();
    if (userId !== undefined && credential.user_id !== userId) throw failed();
    // A discoverable credential names its user: it must be the credential's owner.
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== credential.user_id) throw failed();
    const { origins } = this.relyingParty(request);
    let info;
    try {
      const v = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origins,
        expectedRPID: challenge.rp_id,
        requireUserVerification: true,
        credential: {
          id: credential.credential_id,
          publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
          counter: Number(credential.sign_count),
          transports: transportsOf(credential),
        },
      });
      if (!v.verified) throw failed();
      info = v.authenticationInfo;
    } catch (e) {
      throw asFailure(e);
    }
    await repo.touchCredential(db, credential.id, info.newCounter, info.credentialBackedUp, this.clock.now());
    return credential;
  }
}

/**
 * An account that must keep a passkey: one that requires it at sign-in, and an admin's (the back
 * office takes passkey sessions only).
 */
export function needsPasskey(u: { passkey_required: number; is_admin: number }): boolean {
  return u.passkey_required === 1 || u.is_admin === 1;
}

function toItem(c: repo.CredentialRow): PasskeyItem {
  return {
    id: c.id,
    name: c.name,
    createdAt: Number(c.created_at),
    lastUsedAt: c.last_used_at === null ? null : Number(c.last_used_at),
    backedUp: c.backed_up === 1,
  };
}

function transportsOf(c: repo.CredentialRow): AuthenticatorTransportFuture[] {
  try {
    const t: unknown = JSON.parse(c.transports);
    return Array.isArray(t) ? (t.filter((x) => typeof x === 'string') as AuthenticatorTransportFuture[]) : [];
  } catch {
    return [];
  }
}

/** A library error (bad signature, origin, RP ID, counter, ...) is the user's failed check, not a 500. */
function asFailure(e: unknown): Error {
  if (e instanceof Error && e.name === 'DomainError') return e;
  return failed();
}
