/**
 * The WebAuthn ceremonies (docs/decisions/008-passkeys.md), loaded on demand through
 * `loadWebAuthn()` so @simplewebauthn/browser stays out of the first load.
 */
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiCall } from '../../api/client';
import { setSession } from '../../storage';
import { deviceHeaders } from '../../device-id';
import { passkeyApi } from '../../../shared/api/passkey';

/** Create a passkey on this device and register it (`headers`: a step-up token when one already exists). */
export async function createPasskey(headers?: Record<string, string>) {
  const { challengeId, options } = await apiCall(passkeyApi.registerOptions, { headers });
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return apiCall(passkeyApi.register, { body: { challengeId, response: withPlainExtensions(response) } });
}

/** Sign in with a discoverable passkey and store the session (like `login()`). */
export async function signInWithPasskey() {
  const { challengeId, options } = await apiCall(passkeyApi.loginOptions);
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  const session = await apiCall(passkeyApi.login, { body: { challengeId, response: withPlainExtensions(response) }, headers: deviceHeaders() });
  setSession(session);
  return session;
}

/** A fresh assertion with one of the signed-in user's passkeys → a single-use step-up token. */
export async function stepUpToken(): Promise<string> {
  const { challengeId, options } = await apiCall(passkeyApi.verifyOptions);
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  const { token } = await apiCall(passkeyApi.verify, { body: { challengeId, response: withPlainExtensions(response) } });
  return token;
}

/** The JSON as sent (the library's extension-outputs interface has no index signature). */
function withPlainExtensions<T extends { clientExtensionResults: object }>(r: T): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } {
  return { ...r, clientExtensionResults: { ...r.clientExtensionResults } as Record<string, unknown> };
}
