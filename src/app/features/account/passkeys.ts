import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { isSignedIn } from '../../storage';
import { endpointKey, endpointQuery } from '../../api/query';
import { passkeyApi, STEP_UP_HEADER } from '../../../shared/api/passkey';

/** The signed-in user's passkeys (`GET passkeys`). */
export const passkeysKey = endpointKey(passkeyApi.list);
export function passkeysQuery() {
  // Not without a session: a logout empties the cache while settings is still on screen, and a
  // refetch then would answer 401 and sign the user out a second time.
  return endpointQuery(passkeyApi.list, {}, { staleTime: 0, enabled: () => isSignedIn() });
}

/**
 * Whether a passkey is required at sign-in, how many the user has, and how this session was signed
 * in (`GET passkeys/settings`). Not persisted: the session's sign-in method decides whether the back
 * office opens, and a kept answer of another session must never open it.
 */
export const passkeySettingsKey = endpointKey(passkeyApi.settings);
export function passkeySettingsQuery() {
  return endpointQuery(passkeyApi.settings, {}, { staleTime: 0, enabled: () => isSignedIn(), meta: { persist: false } });
}

/** Require a passkey at every sign-in, or stop (`headers`: the step-up token either way needs). */
export function setPasskeyRequired(requireAtLogin: boolean, headers?: Record<string, string>) {
  return apiCall(passkeyApi.setSettings, { body: { requireAtLogin }, headers });
}

/** The WebAuthn ceremonies and @simplewebauthn/browser, fetched only when a passkey is used. */
export const loadWebAuthn = () => import('./passkey-webauthn');

/** Whether this browser can use passkeys at all (without loading the library). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Headers for a high-risk command (password or fund-password change, later withdrawals): a fresh
 * step-up token when the user has a passkey, nothing otherwise.
 */
export async function stepUpHeaders(queryClient: QueryClient): Promise<Record<string, string> | undefined> {
  const mine = await queryClient.fetchQuery(passkeysQuery());
  if (mine.length === 0) return undefined;
  const { stepUpToken } = await loadWebAuthn();
  return { [STEP_UP_HEADER]: await stepUpToken() };
}

/** Delete one of the user's passkeys (`headers`: the step-up token it needs). */
export function deletePasskey(id: string, headers?: Record<string, string>) {
  return apiCall(passkeyApi.remove, { params: { id }, headers });
}
