import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  FUND_PASSWORD_PATTERN,
  INVITE_CODE_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  passwordProblem,
} from '../../../shared/domain/account';

/**
 * Client-side checks of docs/product.md "Validation" the same rules the contract enforces on the server
 * (src/shared/domain/account.ts), so the user sees what is wrong before sending.
 */
export type FieldError =
  | 'phone_required'
  | 'phone_format'
  | 'password_required'
  | 'password_length'
  | 'password_blank'
  | 'password_from_phone'
  | 'password2_required'
  | 'password_mismatch'
  | 'password_same'
  | 'old_password_required'
  | 'invite_required'
  | 'invite_format'
  | 'agree_required'
  | 'fund_required'
  | 'fund_format'
  | 'fund_mismatch'
  | 'fund_old_required'
  | 'fund_same';

export const FIELD_ERROR_TEXT: Record<FieldError, MessageDescriptor> = {
  phone_required: msg({ message: '電話番号を入力してください' }),
  phone_format: msg({ message: '電話番号は8〜15桁の数字で入力してください（ハイフン不要）' }),
  password_required: msg({ message: 'パスワードを入力してください' }),
  password_length: msg({ message: 'パスワードは8〜64文字で入力してください' }),
  password_blank: msg({ message: 'スペースだけのパスワードは使えません' }),
  password_from_phone: msg({ message: '電話番号を含むパスワードは使えません' }),
  password2_required: msg({ message: '確認のため、もう一度パスワードを入力してください' }),
  password_mismatch: msg({ message: '確認用のパスワードが一致しません' }),
  password_same: msg({ message: '新しいパスワードには現在と異なるものを設定してください' }),
  old_password_required: msg({ message: '現在のパスワードを入力してください' }),
  invite_required: msg({ message: '招待コードを入力してください' }),
  invite_format: msg({ message: '招待コードは4〜16文字の英数字で入力してください' }),
  agree_required: msg({ message: 'プライバシーポリシーに同意してください' }),
  fund_required: msg({ message: '取引暗証番号を入力してください' }),
  fund_format: msg({ message: '取引暗証番号は6桁の数字で入力してください' }),
  fund_mismatch: msg({ message: '確認用の取引暗証番号が一致しません' }),
  fund_old_required: msg({ message: '現在の取引暗証番号を入力してください' }),
  fund_same: msg({ message: '新しい取引暗証番号には現在と異なるものを設定してください' }),
};

/** Spaces and hyphens are decoration: "090-1111-2222" → "09011112222". */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s\-‐－ー]/g, '').replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

export function checkPhone(value: string): FieldError | null {
  const phone = normalizePhone(value);
  if (!phone) return 'phone_required';
  return PHONE_PATTERN.test(phone) ? null : 'phone_format';
}

/**
 * Length, not only spaces, not built from the phone (when known). The common-passwords list and the
 * strength estimate stay on the server (they would weigh on the first load): their refusal arrives
 * with its reason and is shown under the password field (features/account/server-password-error.ts).
 */
export function checkNewPassword(value: string, phone?: string | null): FieldError | null {
  if (!value) return 'password_required';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'password_length';
  return passwordProblem(value, phone ? normalizePhone(phone) : '');
}

export function checkRequiredPassword(value: string): FieldError | null {
  return value ? null : 'password_required';
}

export function checkRepeat(value: string, original: string, kind: 'password' | 'fund' = 'password'): FieldError | null {
  if (!value) return kind === 'fund' ? 'fund_required' : 'password2_required';
  if (value !== original) return kind === 'fund' ? 'fund_mismatch' : 'password_mismatch';
  return null;
}

export function normalizeInvite(value: string): string {
  return value.trim().toUpperCase();
}

export function checkInvite(value: string, required: boolean): FieldError | null {
  const code = normalizeInvite(value);
  if (!code) return required ? 'invite_required' : null;
  return INVITE_CODE_PATTERN.test(code) ? null : 'invite_format';
}

export function checkFundPassword(value: string): FieldError | null {
  if (!value) return 'fund_required';
  return FUND_PASSWORD_PATTERN.test(value) ? null : 'fund_format';
}

/** Keep only ASCII digits (full-width digits converted), at most `max`. */
export function digitsOnly(value: string, max: number): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, max);
}

/** A typed count (lots, shares): digits only, full-width digits and separators accepted; null for anything else. */
export function parseLots(text: string): number | null {
  const ascii = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[,\s]/g, '');
  if (!/^\d{1,7}$/.test(ascii)) return null;
  return Number(ascii);
}
