import { z } from 'zod';
import { endpoint } from './endpoint';
import { okData, sessionData } from './account';

/**
 * Passkeys (WebAuthn; docs/decisions/008-passkeys.md): register in settings, sign in without a
 * password, and a step-up assertion for high-risk commands. The server makes the WebAuthn options
 * (`options`, the JSON form @simplewebauthn/browser takes) and keeps the challenge under an opaque
 * `challengeId`, single-use and short-lived.
 */

/** The header carrying a step-up token from `passkeys/verify` to a high-risk command. */
export const STEP_UP_HEADER = 'X-Step-Up';

const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*={0,2}$/);
const challengeId = z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/);

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
const optionsJson = z.record(z.string(), z.unknown());
export const passkeyOptions = z.object({ challengeId: z.string(), options: optionsJson });

const credentialBase = {
  id: b64url(1366),
  rawId: b64url(1366),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** RegistrationResponseJSON (what `startRegistration()` returns). */
export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    authenticatorData: b64url(8192).optional(),
    transports: z.array(z.string().max(32).regex(/^[a-z-]+$/)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
});

/** AuthenticationResponseJSON (what `startAuthentication()` returns). */
export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(512).optional(),
  }),
});

export const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  /** Synced (multi-device) passkey. */
  backedUp: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const PASSKEY_NAME_MAX = 40;

/**
 * The user's passkey sign-in policy and how this session was signed in (docs/decisions/008-passkeys.md,
 * "Follow-up: passkey login as a setting, and for staff").
 */
export const passkeySettings = z.object({
  /** A passkey is asked at every sign-in: `user/login` with the password alone is refused (`passkey_login_required`). */
  requireAtLogin: z.boolean(),
  /** The user's registered passkeys (the requirement needs at least one). */
  count: z.number().int(),
  /** How this session was signed in: the back office opens only to an admin's passkey session. */
  session: z.enum(['password', 'passkey']),
});
export type PasskeySettings = z.infer<typeof passkeySettings>;

export const passkeyApi = {
  registerOptions: endpoint({
    method: 'post', path: 'passkeys/register/options', tag: 'passkeys', auth: 'user',
    summary: `Options to create a passkey (with passkeys already registered, needs a fresh ${STEP_UP_HEADER} token)`,
    data: passkeyOptions,
  }),
  register: endpoint({
    method: 'post', path: 'passkeys/register', tag: 'passkeys', auth: 'user',
    summary: 'Verify the attestation and store the passkey',
    body: z.object({
      challengeId,
      response: registrationResponse,
      name: z.string().trim().max(PASSKEY_NAME_MAX).regex(/^[^\p{Cc}]*$/u).optional(),
    }),
    data: passkeyItem,
  }),
  list: endpoint({
    method: 'get', path: 'passkeys', tag: 'passkeys', auth: 'user',
    summary: "The signed-in user's passkeys", data: z.array(passkeyItem),
  }),
  remove: endpoint({
    method: 'delete', path: 'passkeys/{id}', tag: 'passkeys', auth: 'user',
    summary: `Delete one of your passkeys (needs a fresh ${STEP_UP_HEADER} token)`,
    params: z.object({ id: z.string().max(64).regex(/^[0-9a-f-]+$/) }),
    data: okData,
  }),
  loginOptions: endpoint({
    method: 'post', path: 'passkeys/login/options', tag: 'passkeys', auth: 'none',
    summary: 'Options to sign in with a passkey (discoverable credential)', data: passkeyOptions,
  }),
  login: endpoint({
    method: 'post', path: 'passkeys/login', tag: 'passkeys', auth: 'none',
    summary: 'Sign in with a passkey assertion; returns a new session token like user/login',
    body: z.object({ challengeId, response: authenticationResponse }),
    data: sessionData, session: 'start',
  }),
  settings: endpoint({
    method: 'get', path: 'passkeys/settings', tag: 'passkeys', auth: 'user',
    summary: 'Whether a passkey is required at sign-in, how many passkeys the user has, and how this session was signed in',
    data: passkeySettings,
  }),
  setSettings: endpoint({
    method: 'post', path: 'passkeys/settings', tag: 'passkeys', auth: 'user',
    summary: `Require a passkey at every sign-in, or stop requiring it (either way needs a fresh ${STEP_UP_HEADER} token)`,
    body: z.object({ requireAtLogin: z.boolean() }),
    data: passkeySettings,
  }),
  verifyOptions: endpoint({
    method: 'post', path: 'passkeys/verify/options', tag: 'passkeys', auth: 'user',
    summary: "Options for a step-up assertion with one of the signed-in user's passkeys", data: passkeyOptions,
  }),
  verify: endpoint({
    method: 'post', path: 'passkeys/verify', tag: 'passkeys', auth: 'user',
    summary: `Verify a step-up assertion; returns a short-lived single-use token for the ${STEP_UP_HEADER} header`,
    body: z.object({ challengeId, response: authenticationResponse }),
    data: z.object({ token: z.string(), expiresAt: z.number().int() }),
  }),
};
