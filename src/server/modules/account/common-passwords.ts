import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../../../shared/domain/account';

/**
 * The common-passwords list (NIST 800-63B "passwords obtained from previous breach corpuses"): the
 * ranked breach list that @zxcvbn-ts/language-common ships (about 49,000 entries, 18,000 of them long
 * enough to pass PASSWORD_MIN). Server-only, so it never reaches the PWA's bundle; built on first use.
 * docs/decisions/007-password-checks.md explains the choice.
 */
let common: ReadonlySet<string> | undefined;

function list(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN).map(normalize));
  return common;
}

/** Case, width (ｐａｓｓｗｏｒｄ) and surrounding spaces do not make a listed password a different one. */
function normalize(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

export function isCommonPassword(password: string): boolean {
  return list().has(normalize(password));
}

/** How many listed passwords can still pass the length rule (reported by the ADR and a test). */
export function commonPasswordCount(): number {
  return list().size;
}
