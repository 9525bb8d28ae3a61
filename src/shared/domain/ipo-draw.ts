/**
 * The IPO / offering draw (docs/decisions/014-ipo-draw.md): a deterministic function of
 * (seed, the entries sorted by entry id, the units each applied for, the units on offer). The server
 * runs it at the draw; the draw page (/home/ipo/sgjlDetail) runs this very file in the browser on
 * the revealed seed and shows that it gets the same winners. Only SHA-256 (@noble/hashes, the same
 * code in both places) and integer arithmetic; no Math.random, no floating point.
 *
 * 0. Entries: each application not cancelled is named in the draw by its opaque per-draw entry id
 *    `entryId = hex(SHA-256(utf8(offeringId + ":" + applicationId)))` (all 64 hex characters). The
 *    owner of an application can compute it; nobody else can turn it back into the application id
 *    or link two entries of one application holder across offerings.
 * 1. Commitment: `commitment = hex(SHA-256(utf8(seed)))`, published when the window opens; the
 *    seed (64 hex characters) is revealed at the draw, so anyone can check it was fixed in advance.
 * 2. Random numbers: the n-th number (n = 0, 1, 2, …) is the first 6 bytes, big-endian, of
 *    SHA-256(utf8(seed + ":" + n)) — an integer in [0, 2^48). `uniform(m)` takes numbers until one is
 *    below 2^48 − (2^48 mod m) and answers it mod m (rejection sampling: exactly uniform).
 * 3. Entries are sorted by entry id (plain code-unit string order). Each has a number of chances;
 *    one unit is allotted at a time: r = uniform(total chances left); walk the entries in order
 *    subtracting their chances left until r falls inside one; it wins a unit and loses one chance.
 *    That is a draw without replacement.
 * 4. IPO (`ipo`): when the units applied for fit in the units on offer, everyone gets what they
 *    applied for and no number is drawn. Otherwise round 1 gives every applicant ONE chance (one
 *    per applicant, whatever they applied for) and allots min(units, applicants) units; if units
 *    remain, round 2 gives each applicant one chance per further unit they applied for (lots − 1)
 *    and allots the rest. Round 2 continues the same number stream.
 *    PO / placement (`po`, `placement`): one chance per unit applied, one round.
 *
 * That is `kabuto-draw-v2`. `kabuto-draw-v1` (draws run before it) is steps 1–4 with the
 * applications sorted by application id instead of entry id. Its published view names the
 * entries by entry id too, listed in that recorded order, so it is re-run on the order as given
 * (`runDrawInOrder`): the application ids themselves are no longer published.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The algorithm new draws run. */
export const DRAW_ALGORITHM = 'kabuto-draw-v2';
/** The first algorithm: sorted by application id (draws run before v2). */
export const DRAW_ALGORITHM_V1 = 'kabuto-draw-v1';

/** Step 0: the opaque per-draw name of an application, hex(SHA-256(utf8(offeringId + ":" + applicationId))). */
export function entryId(offeringId: string, applicationId: string): string {
  return sha256Hex(`${offeringId}:${applicationId}`);
}

export type DrawKind = 'ipo' | 'po' | 'placement';

export interface DrawApplication {
  /** The entry id (step 0) under v2; under v1 the server sorted by application id. */
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

/** The draw (steps 3–4), on the applications sorted by `id` (entry ids under v2). */
export function runDraw(input: DrawInput): DrawResult {
  return runDrawInOrder({ ...input, applications: sortApplications(input.applications) });
}

/** Steps 3–4 on the applications in the order given (how a published v1 draw is re-run). */
export function runDrawInOrder(input: DrawInput): DrawResult {
  const apps = input.applications;
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

/**
 * Re-runs a published draw under the algorithm it names: v2 sorts the entries by entry id, v1 takes
 * them in their recorded order (sorted by the application ids, which are not published). Null for
 * an algorithm this code does not know.
 */
export function rerunPublished(algorithm: string, input: DrawInput): DrawResult | null {
  if (algorithm === DRAW_ALGORITHM) return runDraw(input);
  if (algorithm === DRAW_ALGORITHM_V1) return runDrawInOrder(input);
  return null;
}
