/**
 * Kana rules of bank accounts (docs/domain.md "Bank accounts and wallets"): the holder name as a
 * bank records it (full-width katakana), and the search key of the Zengin bank list. Pure and shared:
 * the server decides, the PWA converts the holder name live with the same function.
 */
import { toKatakana } from 'wanakana';

/** Longest holder name we store, in characters (banks print about 30 half-width characters). */
export const HOLDER_KANA_MAX = 40;

/** Why a holder name was refused. */
export type HolderKanaProblem = 'empty' | 'latin' | 'invalid' | 'too_long';

export type HolderKanaResult = { ok: true; value: string } | { ok: false; problem: HolderKanaProblem };

const FULL_SPACE = '\u3000';
// Hyphen-like marks people type for the long vowel (NFKC has already turned － into -).
const DASHES = /[-\u2010\u2011\u2012\u2013\u2014\u2212\uFF70]/g;
const LATIN = /[A-Za-z]/;
// Full-width katakana (ァ..ヺ), the long vowel mark ー, and the full-width space between names.
const HOLDER = /^[\u30A1-\u30FA\u30FC\u3000]+$/u;

/**
 * The holder name as stored: NFKC (half-width katakana become full-width, full-width letters become
 * ASCII so they are caught), hiragana turned into katakana, dashes into ー, every run of spaces into
 * one full-width space, trimmed. Latin letters are refused, not romanised: a bank never records them
 * in a kana name, so they signal a typing mistake.
 */
export function normalizeHolderKana(raw: string): HolderKanaResult {
  const kata = fullWidthKatakana(raw);
  if (kata === null) return { ok: false, problem: 'latin' };
  if (kata.length === 0) return { ok: false, problem: 'empty' };
  if (!HOLDER.test(kata)) return { ok: false, problem: 'invalid' };
  if ([...kata].length > HOLDER_KANA_MAX) return { ok: false, problem: 'too_long' };
  return { ok: true, value: kata };
}

/**
 * The one conversion of a typed kana name (bank holders here, KYC names in kyc-rules.ts): NFKC
 * (half-width katakana become full-width, full-width letters ASCII so they are caught), hiragana
 * into katakana, dash-like marks into ー, every run of spaces into one full-width space, trimmed.
 * Null when it holds Latin letters: they are refused, never romanised (a bank records what the card
 * says, and wanakana would turn "tanaka" into タナカ).
 */
export function fullWidthKatakana(raw: string): string | null {
  const nfkc = raw.normalize('NFKC');
  if (LATIN.test(nfkc)) return null;
  return toKatakana(nfkc, { passRomaji: true })
    .replace(DASHES, 'ー')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/ /g, FULL_SPACE);
}

/**
 * Live conversion for the input field: the same steps without refusing anything, so what the user
 * sees is what will be checked (Latin letters stay visible and the server refuses them).
 */
export function convertHolderKanaInput(raw: string): string {
  return toKatakana(raw.normalize('NFKC'), { passRomaji: true }).replace(DASHES, 'ー').replace(/\s+/gu, FULL_SPACE);
}

const SMALL = 'ァィゥェォッャュョヮヵヶ';
const LARGE = 'アイウエオツヤユヨワカケ';

/** Small kana as large ones: banks (and the Zengin list) write キヨウコ for キョウコ. */
export function foldSmallKana(s: string): string {
  let out = '';
  for (const ch of s) {
    const i = SMALL.indexOf(ch);
    out += i >= 0 ? LARGE[i] : ch;
  }
  return out;
}

/**
 * What two holder names are compared by (own-name rule): spaces dropped and small kana folded, so
 * ヤマダ（全角空白）キョウコ, ヤマダキヨウコ and やまだ きょうこ name the same person. Null when not a valid name.
 */
export function holderMatchKey(raw: string): string | null {
  const r = normalizeHolderKana(raw);
  return r.ok ? foldSmallKana(r.value.replace(/\u3000/g, '')) : null;
}

/**
 * The search key of a bank or branch name, kana or query: NFKC (full-width ＵＦＪ = UFJ, half-width
 * ﾐﾂﾋﾞｼ = ミツビシ), lower case, hiragana as katakana, small kana folded, dashes as ー, no spaces.
 * Latin is kept as it is, so "ufj" finds 三菱ＵＦＪ by name and "mitsubishi" by its romaji.
 */
export function searchKey(raw: string): string {
  const nfkc = raw.normalize('NFKC').toLowerCase();
  return foldSmallKana(toKatakana(nfkc, { passRomaji: true }))
    .replace(DASHES, 'ー')
    .replace(/\s+/gu, '');
}
