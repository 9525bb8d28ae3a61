/**
 * Passkey sessions for tests and benches that use the back office, which takes an admin's passkey
 * session only (docs/decisions/008-passkeys.md, "Staff"). The steps are the app's own first setup,
 * through the real endpoints with a software authenticator (soft-authenticator.ts): no shortcut
 * into the sessions table.
 */
import type { SoftAuthenticator } from './soft-authenticator';

/** A JSON call relative to /api/vue/, answering the status and the envelope. */
export type EnvelopeCall = (method: string, path: string, opts?: { token?: string; body?: unknown }) => Promise<{ status: number; body: any }>;

/** An EnvelopeCall over fetch to a server at `base` (scheme, host and port). */
export function envelopeCall(base: string): EnvelopeCall {
  return async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.token) headers.token = o.token;
    const res = await fetch(`${base}/api/vue/${path}`, { method: method.toUpperCase(), headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    return { status: res.status, body: await res.json() };
  };
}

/**
 * A user's first passkey, as an admin's first setup takes it: sign in with the password, register a
 * passkey on that session (none yet, so no step-up is asked), sign that password session out.
 */
export async function enrolPasskey(call: EnvelopeCall, who: { phone: string; password: string }, auth: SoftAuthenticator): Promise<void> {
  const login = await call('post', 'user/login', { body: { phone: who.phone, password: who.password } });
  if (login.status !== 200) throw new Error(`password login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.data.token as string;
  const opt = await call('post', 'passkeys/register/options', { token });
  if (opt.status !== 200) throw new Error(`passkey options failed: ${JSON.stringify(opt.body)}`);
  const reg = await call('post', 'passkeys/register', { token, body: { challengeId: opt.body.data.challengeId, response: auth.create(opt.body.data.options) } });
  if (reg.status !== 200) throw new Error(`passkey registration failed: ${JSON.stringify(reg.body)}`);
  await call('post', 'user/logout', { token });
}

/** Signs in with the authenticator's passkey (passkeys/login); returns the new session's token. */
export async function passkeySignIn(call: EnvelopeCall, auth: SoftAuthenticator): Promise<string> {
  const opt = await call('post', 'passkeys/login/options');
  if (opt.status !== 200) throw new Error(`passkey login options failed: ${JSON.stringify(opt.body)}`);
  const res = await call('post', 'passkeys/login', { body: { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) } });
  if (res.status !== 200) throw new Error(`passkey sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}
