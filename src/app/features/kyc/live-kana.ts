import { toKatakana } from 'wanakana';

/**
 * Hiragana typed into the kana field becomes katakana as it is typed (not during IME composition,
 * which would break the candidate list); half-width kana and spacing are settled on leaving the
 * field. Latin letters are left as typed so the error can name them (the server refuses them too).
 */
export function liveKana(value: string): string {
  return toKatakana(value, { passRomaji: true });
}
