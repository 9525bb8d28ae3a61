import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What the text needs of Lingui's I18n. */
type Translator = { _: (d: MessageDescriptor) => string };

/*
 * Why a passkey ceremony failed, in words the user can act on (issue 35). The browser answers a
 * WebAuthn call with one of the DOMExceptions of the spec (https://www.w3.org/TR/webauthn-2/
 * "createCredential" / "getAssertion"), which @simplewebauthn/browser wraps in a WebAuthnError
 * keeping the name and adding a `code`; docs/decisions/008-passkeys.md explains the ceremonies.
 */

export type PasskeyProblem = 'ip_address' | 'domain' | 'cancelled' | 'already_registered' | 'unsupported' | 'authenticator' | 'failed';

/** An IPv4 or IPv6 literal: the WebAuthn RP ID must be a domain, so such a page can hold no passkey. */
export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || (host.startsWith('[') && host.endsWith(']'));
}

/** The kind of a ceremony failure (`e`: what the ceremony threw; `host`: the page's hostname); null for a server answer. */
export function passkeyProblem(e: unknown, host: string): PasskeyProblem | null {
  if (!(e instanceof Error) || e.name === 'ApiError') return null;
  const code = (e as { code?: unknown }).code;
  switch (e.name) {
    case 'SecurityError':
      return isIpAddress(host) ? 'ip_address' : 'domain';
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'InvalidStateError':
      return 'already_registered';
    case 'NotSupportedError':
      return 'unsupported';
    case 'ConstraintError':
    case 'UnknownError':
      return 'authenticator';
  }
  if (code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  // The library's own check before any call (browserSupportsWebAuthn).
  if (/not supported/i.test(e.message)) return 'unsupported';
  return 'failed';
}

/** The text of each problem; `{host}` is the page's hostname. */
export const PASSKEY_PROBLEM_TEXT: Record<PasskeyProblem, MessageDescriptor> = {
  ip_address: msg({ message: 'IPアドレス（{host}）で開いたページではパスキーを使えません。パスキーはドメイン名に結び付くため、サービスのドメイン名のアドレスで開き直してください' }),
  domain: msg({ message: 'このアドレス（{host}）ではパスキーを使えません。サービスの正式なアドレス（https）で開き直してください' }),
  cancelled: msg({ message: 'パスキーの操作がキャンセルされたか、時間切れになりました。もう一度お試しください' }),
  already_registered: msg({ message: 'この端末のパスキーはすでに登録されています。別の端末で登録するか、登録済みのパスキーをお使いください' }),
  unsupported: msg({ message: 'このブラウザまたは端末はパスキーに対応していません。別のブラウザか端末をお使いください' }),
  authenticator: msg({ message: 'この端末ではパスキーを作成・利用できませんでした。画面ロック（生体認証やPIN）を設定するか、別の端末でお試しください' }),
  failed: msg({ message: 'パスキーの操作が完了しませんでした' }),
};

/** The translated text for a ceremony failure, or null for a server answer (the app's toasts say those). */
export function passkeyFailureText(e: unknown, i18n: Translator, host: string = globalThis.location?.hostname ?? ''): string | null {
  const problem = passkeyProblem(e, host);
  if (!problem) return null;
  // Built apart: Lingui's extractor fails on an object literal with a spread passed to `_` itself.
  const text: MessageDescriptor = { ...PASSKEY_PROBLEM_TEXT[problem], values: { host } };
  return i18n._(text);
}
