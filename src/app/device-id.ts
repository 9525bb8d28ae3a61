import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '../shared/api/account';

/*
 * This browser's (or app install's) device id (docs/domain.md "Login history and devices"): random,
 * made once and kept in localStorage beside — not among — the session keys, so signing out does not
 * make the next sign-in look like a new device. It is sent only with sign-ins (DEVICE_HEADER); the
 * server keeps its hash to tell a device the account has used from a new one. Storage that is blocked
 * gives a fresh id per page load: every sign-in then looks new, which errs on the side of telling.
 */

export const DEVICE_ID_KEY = 'kabuto.device';

let memory: string | null = null;

function newId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const id = memory ?? newId();
    localStorage.setItem(DEVICE_ID_KEY, id);
    memory = id;
    return id;
  } catch {
    // private mode or blocked storage: this page's id only
    memory ??= newId();
    return memory;
  }
}

/** The header of a sign-in request. */
export function deviceHeaders(): Record<string, string> {
  return { [DEVICE_HEADER]: deviceId() };
}
