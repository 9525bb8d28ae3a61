import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DEVICE_TYPES } from '../../../shared/api/account';

/*
 * The words of a sign-in (docs/domain.md "Login history and devices"), shared by the login history
 * screen and the `login_alert` message. Browser and system names are product names, shown as the
 * server parsed them; the country is named by the browser's own Intl data in the reader's language.
 */

type DeviceType = (typeof DEVICE_TYPES)[number];

const DEVICE_TYPE: Record<DeviceType, MessageDescriptor> = {
  mobile: msg({ message: 'スマートフォン' }),
  tablet: msg({ message: 'タブレット' }),
  desktop: msg({ message: 'パソコン' }),
  tv: msg({ message: 'テレビ' }),
  other: msg({ message: 'その他の端末' }),
};

export interface ClientFields {
  browser: string;
  os: string;
  deviceType: DeviceType;
  deviceName: string;
}

/** "Safari 17 · iOS 17.5 · Apple iPhone"; the device kind when no model is named; "不明な端末" when nothing is known. */
export function deviceLabel(i18n: I18n, c: ClientFields): string {
  const kind = c.deviceName || (c.deviceType !== 'other' || c.browser || c.os ? i18n._(DEVICE_TYPE[c.deviceType]) : '');
  const parts = [c.browser, c.os, kind].filter(Boolean);
  return parts.length ? parts.join(' · ') : i18n._(msg({ message: '不明な端末' }));
}

/** The device kind alone (an icon's label). */
export function deviceTypeLabel(i18n: I18n, type: DeviceType): string {
  return i18n._(DEVICE_TYPE[type]);
}

/**
 * The country a trusted proxy reported, named in the reader's language; "不明" when none was reported
 * (the server never guesses a place from the address).
 */
export function placeLabel(i18n: I18n, country: string | null): string {
  if (!country) return i18n._(msg({ message: '不明' }));
  try {
    return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** An address, or "不明" when the server did not see one. */
export function ipLabel(i18n: I18n, ip: string | null): string {
  return ip ?? i18n._(msg({ message: '不明' }));
}
