import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as japaneseDictionary } from '@zxcvbn-ts/language-ja';
import { toHiragana, toKatakana, toRomaji } from 'wanakana';
import { passwordProblem, phoneForms } from '../../../shared/domain/account';
import type { MessageId } from '../../../shared/api/messages';
import { isCommonPassword } from './common-passwords';

/*
 * The whole password policy of a new password (docs/decisions/007-password-checks.md, docs/domain.md
 * "Registration"): the list-free rules the client runs too (blank, built from the phone), the
 * breach list, the user's full name, then a strength estimate by zxcvbn-ts — the common package
 * (breach list, diceware words, keyboard layouts) and the Japanese one (romaji common words, given
 * and family names), with the user's own phone number and KYC names as a per-check dictionary. A
 * password the estimate puts under 10^6 guesses is refused with the reason of the pattern that
 * made it guessable. Server-only: the dictionaries never reach the PWA, which shows the reason.
 */

export type PasswordPolicyProblem = Extract<
  MessageId,
  | 'password_blank'
  | 'password_from_phone'
  | 'password_too_common'
  | 'password_from_name'
  | 'password_repeated'
  | 'password_sequence'
  | 'password_keyboard'
  | 'password_date'
  | 'password_common_words'
  | 'password_too_weak'
>;

/** What the user told us about themselves, to refuse passwords made of it. */
export interface PasswordContext {
  phone: string;
  /** Names from KYC (the name as written and its kana), when the user has submitted them. */
  names?: readonly string[];
}

/**
 * zxcvbn's score 2 ("somewhat guessable", ≥ 10^6 guesses): with argon2id and the login limits of
 * ADR 007 an online attacker gets a few dozen guesses, and a random 8-letter password still passes
 * (NIST 800-63B asks for no composition rules). Scores 0 and 1 are the patterns this policy refuses.
 */
export const PASSWORD_MIN_SCORE = 2;

let factory: ZxcvbnFactory | undefined;

/**
 * Built on first use (about 0.2 s: it ranks some 80,000 dictionary words), then reused. The check
 * runs on the event loop, so its worst case is bounded: the first 32 characters are estimated (a
 * longer password whose first 32 are guessable is refused for that pattern; more characters never
 * make a strong start weak), l33t variants are tried with up to 4 substitutions (unbounded, a 64-
 * character mix of 4/@/0/1 took 0.5 s), and the keyboards are QWERTY (Japanese JIS keyboards
 * share its rows) and the number pad.
 */
export const ESTIMATED_LENGTH = 32;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: {
      ...commonDictionary,
      // Prefixed so the reason can tell them apart from the breach list.
      ...Object.fromEntries(Object.entries(japaneseDictionary).map(([name, words]) => [`ja-${name}`, words])),
    },
    graphs: { qwerty: adjacencyGraphs.qwerty, keypad: adjacencyGraphs.keypad },
    l33tMaxSubstitutions: 4,
    maxLength: ESTIMATED_LENGTH,
  });
  return factory;
}

/** The first reason a new password is refused for, or null when it may be used. */
export function newPasswordProblem(password: string, ctx: PasswordContext): PasswordPolicyProblem | null {
  const basic = passwordProblem(password, ctx.phone);
  if (basic) return basic;
  if (isCommonPassword(password)) return 'password_too_common';
  const names = nameForms(ctx.names ?? []);
  if (containsFullName(password, names.full)) return 'password_from_name';
  const phone = phoneInputs(ctx.phone);
  const result = estimator().check(password.normalize('NFKC'), [...phone, ...names.parts, ...names.full]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  return reasonOf(result.sequence, new Set(phone), new Set([...names.parts, ...names.full]));
}

/**
 * The reason of the pattern that covers most of the password (zxcvbn's own feedback picks the same
 * match): a repeat, a sequence, a keyboard walk, a date, the user's phone or name, a listed password
 * or common words and names; a guessable password made of none of these is `password_too_weak`.
 */
function reasonOf(sequence: readonly MatchExtended[], phone: ReadonlySet<string>, names: ReadonlySet<string>): PasswordPolicyProblem {
  let decisive: MatchExtended | undefined;
  for (const m of sequence) {
    if (m.pattern === 'bruteforce' || m.pattern === 'separator') continue;
    if (!decisive || m.token.length > decisive.token.length) decisive = m;
  }
  switch (decisive?.pattern) {
    case 'repeat':
      return 'password_repeated';
    case 'sequence':
      return 'password_sequence';
    case 'spatial':
      return 'password_keyboard';
    case 'date':
    case 'regex': // the only regex zxcvbn knows is a recent year
      return 'password_date';
    case 'dictionary': {
      const word = String(decisive.matchedWord ?? decisive.token).toLowerCase();
      // A user's input wins over the same word in a shared list (their ranks often tie).
      if (phone.has(word)) return 'password_from_phone';
      if (names.has(word) || decisive.dictionaryName === 'userInputs') return 'password_from_name';
      return decisive.dictionaryName === 'passwords-common' ? 'password_too_common' : 'password_common_words';
    }
    case 'wordSequence':
      return 'password_common_words';
    default:
      return 'password_too_weak';
  }
}

/** The phone in its written forms, and the pieces people reuse: the last 8 and the last 4 digits. */
function phoneInputs(phone: string): string[] {
  const out = new Set<string>();
  for (const form of phoneForms(phone)) {
    out.add(form);
    out.add(form.slice(-8));
    out.add(form.slice(-4));
  }
  return [...out];
}

const SEPARATORS = /[\s\-_.,・･'’‐－ー]/gu;

/** Lower case, NFKC, without spaces, hyphens, dots and apostrophes. */
function squeeze(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(SEPARATORS, '');
}

/**
 * A name's forms: each part (family, given) and the full name in both orders, as written, in
 * katakana and hiragana, and in romaji — Hepburn as wanakana writes it, with long vowels dropped or
 * written "oh", with m before b/m/p, and in kunrei-shiki (si, ti, tu, hu, zi…), since a Japanese
 * name is spelled every one of these ways. Parts shorter than 2 characters (3 in Latin letters)
 * would match too much and are left out.
 */
export function nameForms(names: readonly string[]): { parts: string[]; full: string[] } {
  const parts = new Set<string>();
  const full = new Set<string>();
  for (const name of names) {
    const words = name.normalize('NFKC').trim().split(/[\s・･]+/u).filter(Boolean);
    if (words.length === 0) continue;
    const spellings = words.map(spellingsOf);
    for (const s of spellings) for (const w of s) if (long(w)) parts.add(w);
    // Family + given and given + family, in the same script or romanisation.
    const orders = words.length > 1 ? [spellings, [...spellings].reverse()] : [spellings];
    for (const order of orders) {
      for (let v = 0; v < Math.max(...spellings.map((s) => s.length)); v++) {
        const joined = order.map((s) => s[Math.min(v, s.length - 1)]!).join('');
        if (words.length > 1 || joined.length >= 4) full.add(joined);
      }
    }
  }
  return { parts: [...parts], full: [...full] };
}

function long(word: string): boolean {
  return /^[a-z]+$/.test(word) ? word.length >= 3 : word.length >= 2;
}

/** One word of a name in every spelling, always in the same order (so parts of a name line up). */
function spellingsOf(word: string): string[] {
  const w = squeeze(word);
  const kana = /^[\u3041-\u309F\u30A0-\u30FF]+$/u.test(w);
  if (!kana) return [w];
  const hepburn = toRomaji(toKatakana(w)).replace(/'/g, '');
  const short = hepburn.replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u');
  const oh = hepburn.replace(/o[ou]/g, 'oh');
  const m = short.replace(/n(?=[bmp])/g, 'm');
  const kunrei = hepburn
    .replace(/sh(?=[aiuo])/g, 'sy')
    .replace(/ch(?=[aiuo])/g, 'ty')
    .replace(/j(?=[aiuo])/g, 'zy')
    .replace(/syi/g, 'si')
    .replace(/tyi/g, 'ti')
    .replace(/zyi/g, 'zi')
    .replace(/tsu/g, 'tu')
    .replace(/fu/g, 'hu');
  return [w, toKatakana(w), toHiragana(w), hepburn, short, oh, m, kunrei, kunrei.replace(/ou/g, 'o').replace(/uu/g, 'u')];
}

/** The password holds the user's full name (any spelling, separators ignored). */
function containsFullName(password: string, full: readonly string[]): boolean {
  const p = toKatakana(squeeze(password), { passRomaji: true });
  const latin = squeeze(password);
  return full.some((name) => (/^[a-z]+$/.test(name) ? latin.includes(name) : p.includes(toKatakana(name, { passRomaji: true }))));
}
