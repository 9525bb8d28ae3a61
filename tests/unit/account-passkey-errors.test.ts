import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { isIpAddress, passkeyFailureText, passkeyProblem } from '../../src/app/features/account/passkey-errors';

/** Why a passkey ceremony failed, by the DOMException the browser threw (issue 35; passkey-errors.ts). */
const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('passkeyProblem', () => {
  it('says an IP address cannot hold a passkey (SecurityError on an IP host)', () => {
    expect(passkeyProblem(domError('SecurityError'), '192.168.1.20')).toBe('ip_address');
    expect(passkeyProblem(domError('SecurityError'), '[::1]')).toBe('ip_address');
    expect(passkeyProblem(domError('SecurityError'), 'kabuto.example')).toBe('domain');
  });

  it('reads the other WebAuthn errors', () => {
    expect(passkeyProblem(domError('NotAllowedError'), 'kabuto.example')).toBe('cancelled');
    expect(passkeyProblem(domError('AbortError'), 'kabuto.example')).toBe('cancelled');
    expect(passkeyProblem(domError('InvalidStateError'), 'kabuto.example')).toBe('already_registered');
    expect(passkeyProblem(domError('NotSupportedError'), 'kabuto.example')).toBe('unsupported');
    expect(passkeyProblem(domError('ConstraintError'), 'kabuto.example')).toBe('authenticator');
    expect(passkeyProblem(domError('UnknownError'), 'kabuto.example')).toBe('authenticator');
    expect(passkeyProblem(new Error('WebAuthn is not supported in this browser'), 'kabuto.example')).toBe('unsupported');
    expect(passkeyProblem(Object.assign(new Error('aborted'), { code: 'ERROR_CEREMONY_ABORTED' }), 'x')).toBe('cancelled');
    expect(passkeyProblem(new Error('boom'), 'kabuto.example')).toBe('failed');
  });

  it('leaves a server answer to the app (null)', () => {
    expect(passkeyProblem(domError('ApiError'), 'kabuto.example')).toBeNull();
    expect(passkeyProblem('not an error', 'kabuto.example')).toBeNull();
  });

  it('tells IP literals from host names', () => {
    expect(isIpAddress('10.0.0.1')).toBe(true);
    expect(isIpAddress('localhost')).toBe(false);
    expect(isIpAddress('kabuto.example')).toBe(false);
  });
});

describe('passkeyFailureText', () => {
  it('fills the host into the text', () => {
    const i18n = setupI18n({ locale: 'ja', messages: { ja: {} } });
    const text = passkeyFailureText(domError('SecurityError'), i18n, '192.168.1.20');
    expect(text).toContain('192.168.1.20');
    expect(text).toContain('IPアドレス');
    expect(passkeyFailureText(domError('ApiError'), i18n, 'x')).toBeNull();
  });
});
