import type { QueryClient } from '@tanstack/react-query';
import { accountApi } from '../../shared/api/account';
import type { BodyOf, DataOf } from '../../shared/api/endpoint';
import { clearSession, getAccount, setSession } from '../storage';
import { wipeCache } from '../query/PersistProvider';
import { apiCall } from './client';
import { deviceHeaders } from '../device-id';
import { endpointKey, endpointQuery } from './query';

export type LoginBody = BodyOf<typeof accountApi.login>;
export type RegisterBody = BodyOf<typeof accountApi.register>;
export type ChangePasswordBody = BodyOf<typeof accountApi.changePassword>;
export type FundPasswordBody = BodyOf<typeof accountApi.fundPassword>;
export type SessionData = DataOf<typeof accountApi.login>;

/** The cache entry of the signed-in user (['user', 'info'], from the contract). */
export const userInfoKey = endpointKey(accountApi.info);

/**
 * The signed-in user (`GET user/info`). Always revalidated when a screen shows it (the cached copy
 * is shown meanwhile): the account state (frozen, banned, ...) and a revoked session must surface
 * promptly.
 */
export function userInfoQuery() {
  return endpointQuery(accountApi.info, {}, { staleTime: 0 });
}

/** Sign in and store the session (storage.ts setSession: the account and admin hints; the browser's token is the cookie the answer set). */
export async function login(body: LoginBody): Promise<SessionData> {
  const session = await apiCall(accountApi.login, { body, headers: deviceHeaders() });
  setSession(session);
  return session;
}

/** Register (the server signs the new user in) and store the session. `silent`: the caller shows failures itself. */
export async function register(body: RegisterBody, options: { silent?: boolean } = {}): Promise<SessionData> {
  const session = await apiCall(accountApi.register, { body, headers: deviceHeaders(), ...options });
  setSession(session);
  return session;
}

/**
 * Sign out: revoke the session on the server (best effort, silently: offline or an already dead
 * session must not stop a logout), then wipe this user's persisted cache and clear the session
 * (which also empties the in-memory query cache through PersistProvider). Pass the QueryClient to
 * clear it here too when PersistProvider is not mounted.
 */
export async function logout(client?: QueryClient): Promise<void> {
  const account = getAccount();
  try {
    await apiCall(accountApi.logout, { silent: true });
  } catch {
    // ignored: the local sign-out happens regardless
  } finally {
    await wipeCache(account);
    clearSession();
    client?.clear();
  }
}

/** Change the login password (the server revokes the user's other sessions). `silent`: the caller shows failures itself. */
export function changePassword(body: ChangePasswordBody, headers?: Record<string, string>, options: { silent?: boolean } = {}) {
  return apiCall(accountApi.changePassword, { body, headers, ...options });
}

/** Set (first time, with the login password) or change the 6-digit fund password. */
export function setFundPassword(body: FundPasswordBody, headers?: Record<string, string>) {
  return apiCall(accountApi.fundPassword, { body, headers });
}
