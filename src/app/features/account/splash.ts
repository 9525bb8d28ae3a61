import { localJsonStore, type JsonStore } from '../../json-store';

/*
 * Where the splash (/login/start) goes (issue 13: /login/start1 was unreachable). A device that
 * has never been welcomed nor signed in gets the welcome screen (/login/start1: what the app is,
 * ログイン or 新規登録, the language); afterwards a signed-out user goes straight to the login form.
 * A device-level flag, not personal data: logout does not clear it.
 */
export const WELCOMED_KEY = 'kabuto.welcomed';

export type SplashTarget = '/home/index' | '/login/login' | '/login/start1';

export function splashTarget(signedIn: boolean, welcomed: boolean): SplashTarget {
  if (signedIn) return '/home/index';
  return welcomed ? '/login/login' : '/login/start1';
}

export function isWelcomed(store: JsonStore = localJsonStore): boolean {
  return store.get(WELCOMED_KEY) === true;
}

export function markWelcomed(store: JsonStore = localJsonStore): void {
  if (!isWelcomed(store)) store.set(WELCOMED_KEY, true);
}
