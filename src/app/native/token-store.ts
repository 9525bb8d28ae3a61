import { Preferences } from '@capacitor/preferences';

/*
 * The Capacitor shell's session token (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the
 * session cookie"). The shell's requests go to the API's origin from the app's own
 * (capacitor://localhost, https://localhost), so a SameSite=Strict cookie never goes with them: the
 * shell sends the `token` header, and keeps the token with the Preferences plugin (the app's private
 * SharedPreferences / UserDefaults), not in the WebView's localStorage. storage.ts loads this module
 * only inside the shell.
 */

const KEY = 'kabuto.sessionToken';

export async function readToken(): Promise<string | null> {
  return (await Preferences.get({ key: KEY })).value || null;
}

export async function writeToken(token: string | null): Promise<void> {
  if (token) await Preferences.set({ key: KEY, value: token });
  else await Preferences.remove({ key: KEY });
}
