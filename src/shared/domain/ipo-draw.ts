/**
 * The IPO / offering draw (docs/decisions/014-ipo-draw.md): a deterministic function of
 * (seed, the applications sorted by id, the units each applied for, the units on offer). The server
 * runs it at the draw; the draw page (/home/ipo/sgjlDetail) runs this very file in the browser on
 * the revealed seed and shows that it gets the same winners. Only SHA-256 (@noble/hashes, the same
 * code in both places) and integer arithmetic; no Math.random, no floating point.
 *
 * 1. Commitment: `commitment = hex(SHA-256(utf8(seed)))`, published when the window opens; the
 *    seed (64 hex characters) is revealed at the draw, so anyone can check it was fixed in advance.
 * 2. Random numbers: the n-th number (n = 0, 1, 2, …) is the first 6 bytes, big-endian, of
 *    SHA-256(utf8(seed + ":" + n)) — an integer in [0, 2^48). `uniform(m)` takes numbers until one is
 *    below 2^48 − (2^48 mod m) and answers it mod m (rejection sampling: exactly uniform).
 * 3. Applications are sorted by id (plain code-unit string order). Each has a number of entries;
 *    one unit is allotted at a time: r = uniform(total entries left); walk the applications in
 *    order subtracting their entries left until r falls inside one; it wins a unit and loses one
 *    entry. That is a draw without replacement.
 * 4. IPO (`ipo`): when the units applied for fit in the units on offer, everyone gets what they
 *    applied for and no number is drawn. Otherwise round 1 gives every applicant ONE entry (one
 *    per applicant, whatever they applied for) and allots min(units, applicants) units; if units
 *    remain, round 2 gives each applicant one entry per further unit they applied for (lots − 1)
 *    and allots the rest. Round 2 continues the same number stream.
 *    PO / placement (`po`, `placement`): one entry per unit applied, one round.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const DRAW_ALGORITHM = 'kabuto-draw-v1';

export type DrawKind = 'ipo' | 'po' | 'placement';

export interface DrawApplication {
  id: string;
  /** Units (lots of 100 shares) applied for, ≥ 1. */
  units: number;
}

export interface DrawInput {
  seed: string;
  kind: DrawKind;
  /** Units on offer. */
  units: number;
  applications: readonly DrawApplication[];
}

export interface DrawResult {
  /** Units won per application id (0 for a loser), in sorted-id order. */
  won: { id: string; units: number }[];
  /** How many random numbers were used (0 when everyone got what they applied for). */
  numbersUsed: number;
}

const TWO_48 = 2 ** 48;

/** hex(SHA-256(utf8(text))). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The commitment published before the draw: hex(SHA-256(utf8(seed))). */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

/** The number stream of step 2. */
export class DrawNumbers {
  used = 0;
  constructor(private readonly seed: string) {}

  /** The next raw number in [0, 2^48). */
  next(): number {
    const h = sha256(utf8ToBytes(`${this.seed}:${this.used}`));
    this.used++;
    let v = 0;
    for (let i = 0; i < 6; i++) v = v * 256 + h[i]!;
    return v;
  }

  /** A uniform integer in [0, m), 1 ≤ m ≤ 2^48. */
  uniform(m: number): number {
    if (!Number.isSafeInteger(m) || m < 1 || m > TWO_48) throw new RangeError(`uniform(${m})`);
    const limit = TWO_48 - (TWO_48 % m);
    for (;;) {
      const v = this.next();
      if (v < limit) return v % m;
    }
  }
}

/** Step 3: allots `units` among `entries` (entries left per application, mutated) into `won`. */
function allot(numbers: DrawNumbers, entries: number[], won: number[], units: number): void {
  let total = entries.reduce((a, b) => a + b, 0);
  for (let u = 0; u < units && total > 0; u++) {
    let r = numbers.uniform(total);
    let i = 0;
    while (r >= entries[i]!) {
      r -= entries[i]!;
      i++;
    }
    entries[i]! -= 1;
    won[i]! += 1;
    total -= 1;
  }
}

/** Sorted by id in code-unit order (what `<` does on strings in every JavaScript engine). */
export function sortApplications<T extends { id: string }>(apps: readonly T[]): T[] {
  return [...apps].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The draw (steps 3–4). */
export function runDraw(input: DrawInput): DrawResult {
  const apps = sortApplications(input.applications);
  for (const a of apps) if (!Number.isSafeInteger(a.units) || a.units < 1) throw new RangeError(`units of ${a.id}`);
  const applied = apps.reduce((s, a) => s + a.units, 0);
  const won = apps.map(() => 0);
  const numbers = new DrawNumbers(input.seed);
  if (applied <= input.units) {
    apps.forEach((a, i) => (won[i] = a.units));
  } else if (input.kind === 'ipo') {
    const first = Math.min(input.units, apps.length);
    allot(numbers, apps.map(() => 1), won, first);
    const rest = input.units - first;
    if (rest > 0) allot(numbers, apps.map((a) => a.units - 1), won, rest);
  } else {
    allot(numbers, apps.map((a) => a.units), won, input.units);
  }
  return { won: apps.map((a, i) => ({ id: a.id, units: won[i]! })), numbersUsed: numbers.used };
}
