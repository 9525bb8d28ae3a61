import { fullWidthKatakana } from './kana';
import type { DocumentType } from '../api/kyc';

/*
 * Identity rules shared by the PWA (live conversion, early messages) and the server (the
 * authority). docs/domain.md "KYC".
 */

export type KanaResult = { ok: true; value: string } | { ok: false; error: 'kana_latin_letters' | 'kana_invalid' };

/** Full-width katakana, the prolonged sound mark, the middle dot and a full-width space between names. */
const KATAKANA_NAME = /^[\u30A1-\u30FA\u30FC\u30FB]+(\u3000[\u30A1-\u30FA\u30FC\u30FB]+)*$/;

/**
 * A name in full-width katakana from what a user types, by the same conversion as a bank holder's
 * name (kana.ts `fullWidthKatakana`: half-width and hiragana converted, spaces folded, Latin
 * letters refused), then checked as a name: katakana, ー and ・, names separated by one space.
 */
export function normaliseKanaName(input: string): KanaResult {
  const value = fullWidthKatakana(input);
  if (value === null) return { ok: false, error: 'kana_latin_letters' };
  return KATAKANA_NAME.test(value) ? { ok: true, value } : { ok: false, error: 'kana_invalid' };
}

/**
 * A document number as stored and checked: NFKC (full-width digits and letters → ASCII), spaces
 * and hyphens removed, letters upper-cased.
 */
export function normaliseDocumentNumber(input: string): string {
  return input.normalize('NFKC').replace(/[\s\-‐－ー]/g, '').toUpperCase();
}

/**
 * Accepted numbers per document (after normaliseDocumentNumber):
 * - driver_licence: 12 digits (運転免許証番号).
 * - my_number: 12 digits whose last is the check digit of the first 11 (個人番号; 番号法 check).
 * - health_insurance: 記号 and 番号 written together, 8–20 digits or letters (cards differ by
 *   insurer; the 8-character minimum keeps the 6 + 1 mask hiding at least one character).
 */
export function documentNumberValid(type: DocumentType, number: string): boolean {
  switch (type) {
    case 'driver_licence':
      return /^\d{12}$/.test(number);
    case 'my_number':
      return /^\d{12}$/.test(number) && myNumberCheckDigit(number.slice(0, 11)) === Number(number[11]);
    case 'health_insurance':
      return /^[0-9A-Z]{8,20}$/.test(number);
  }
}

/** The check digit of a My Number's first 11 digits (総務省令: weights 2..7, 2..6 from the right). */
export function myNumberCheckDigit(first11: string): number {
  let sum = 0;
  for (let n = 1; n <= 11; n += 1) {
    const p = Number(first11[11 - n]);
    const q = n <= 6 ? n + 1 : n - 5;
    sum += p * q;
  }
  const r = sum % 11;
  return r <= 1 ? 0 : 11 - r;
}

/** First 6 and last 1 characters, the rest as • (123456•••••7). */
export function maskDocumentNumber(number: string): string {
  if (number.length <= 7) return '•'.repeat(number.length);
  return number.slice(0, 6) + '•'.repeat(number.length - 7) + number.slice(-1);
}
