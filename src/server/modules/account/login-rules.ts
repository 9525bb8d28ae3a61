import { createHash } from 'node:crypto';
import { parse as parseUserAgent } from 'bowser';
import { DEVICE_ID_PATTERN, DEVICE_TYPES } from '../../../shared/api/account';

/**
 * Pure rules of the login history (docs/domain.md "Login history and devices"): what a User-Agent
 * says, which device a sign-in came from, the country a trusted proxy reports, and whether a sign-in
 * is new to the account. No I/O, no clock.
 */

/** Longer User-Agents are cut before parsing and storing: real ones are ~150–300 characters. */
export const USER_AGENT_MAX = 512;

export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface ClientDescription {
  /** "Chrome 126", "Safari 17"; '' when unknown. */
  browser: string;
  /** "iOS 17.5", "Windows 10", "macOS"; ''. */
  os: string;
  deviceType: DeviceType;
  /** "Apple iPhone"; ''. */
  deviceName: string;
  /** The parts of the fingerprint of a client without a device id: names, no versions. */
  fingerprint: string;
}

const major = (v: string | undefined) => (v ? v.split('.')[0]! : '');
const majorMinor = (v: string | undefined) => (v ? v.split('.').slice(0, 2).join('.') : '');
const join = (...parts: (string | undefined)[]) => parts.filter((p) => p).join(' ');

/**
 * The browser, system and device a User-Agent names (bowser: MIT, no dependencies, server-side only).
 * Versions are shown coarsely — a browser's major version, a system's major.minor — since that is
 * what a person recognises; macOS is shown without its version, which browsers freeze at 10.15.7.
 */
export function describeClient(userAgent: string | null): ClientDescription {
  const ua = (userAgent ?? '').slice(0, USER_AGENT_MAX).trim();
  if (!ua) return { browser: '', os: '', deviceType: 'other', deviceName: '', fingerprint: '||other' };
  const r = parseUserAgent(ua);
  const osName = r.os.name ?? '';
  const osVersion = osName === 'Windows' ? r.os.versionName : osName === 'macOS' ? '' : majorMinor(r.os.version);
  const type = r.platform.type as string | undefined;
  const deviceType: DeviceType = (DEVICE_TYPES as readonly string[]).includes(type ?? '') ? (type as DeviceType) : 'other';
  const browserName = r.browser.name ?? '';
  return {
    browser: browserName ? join(browserName, major(r.browser.version)) : '',
    os: osName ? join(osName, osVersion) : '',
    deviceType,
    deviceName: join(r.platform.vendor, r.platform.model),
    fingerprint: [browserName, osName, deviceType].join('|').toLowerCase(),
  };
}

/**
 * The device a sign-in came from, as the hash the server keeps (docs/domain.md "Login history and
 * devices"): the app's own device id when it sent a well-formed one; otherwise a fingerprint of the
 * User-Agent's browser, system and device type (names only: versions change with every update, and
 * addresses with every network). The two kinds never match each other, so a client that leaves the
 * id out cannot pass for a device of the app, however well it copies the User-Agent.
 */
export function deviceKey(deviceId: string | null | undefined, client: Pick<ClientDescription, 'fingerprint'>): string {
  const id = deviceId && DEVICE_ID_PATTERN.test(deviceId) ? `id:${deviceId}` : `ua:${client.fingerprint}`;
  return createHash('sha256').update(id).digest('hex');
}

/**
 * The country a trusted proxy put in its header (e.g. Cloudflare's CF-IPCountry): an ISO 3166-1
 * alpha-2 code, or null — for a missing or malformed value, and for the proxies' "unknown" (XX) and
 * Tor (T1) markers, which are not places.
 */
export function countryOf(header: string | null | undefined): string | null {
  const c = (header ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) && c !== 'XX' ? c : null;
}

/**
 * Whether a sign-in is new to the account, which is what the user is told of:
 * - a new device: the account has known devices and this is not one of them (the first device of
 *   an account — its registration, or its first sign-in recorded — is adopted without a notice);
 * - a new country: the location is known, the account has signed in from known places before, and
 *   never from this one.
 */
export function loginNovelty(s: {
  deviceKnown: boolean;
  anyDeviceKnown: boolean;
  country: string | null;
  earlierCountries: readonly string[];
}): { newDevice: boolean; newCountry: boolean } {
  return {
    newDevice: s.anyDeviceKnown && !s.deviceKnown,
    newCountry: s.country !== null && s.earlierCountries.length > 0 && !s.earlierCountries.includes(s.country),
  };
}
