/**
 * Small seeded PRNG. Every random draw of the simulator comes from a stream keyed by
 * (seed, subject, day or month, purpose), so any day of any instrument can be generated on its own,
 * in any order, without replaying history: same seed + same key → same numbers.
 */

/** 32-bit FNV-1a mixed with a murmur finaliser; good enough to seed, not for cryptography. */
function hash32(text: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const hashes = new Map<string, number>();
/** hash32 of short, often repeated strings (seeds, codes, dates, purposes), memoised. */
function h(text: string): number {
  let v = hashes.get(text);
  if (v === undefined) {
    v = hash32(text, 0x9e3779b9);
    if (hashes.size > 100_000) hashes.clear();
    hashes.set(text, v);
  }
  return v;
}

/** Murmur-style finaliser: spreads a 32-bit value over all bits. */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A stream of uniform and normal draws (sfc32 generator, Box–Muller normals). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  /** Seeded from four 32-bit words (see rngFor). */
  constructor(w0: number, w1: number, w2: number, w3: number) {
    this.a = mix(w0 ^ mix(w3));
    this.b = mix(w1 ^ 0x243f6a88);
    this.c = mix(w2 ^ 0xb7e15162);
    this.d = 1;
    for (let i = 0; i < 10; i++) this.next(); // mix the seed in
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal. */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = this.next();
    while (u <= Number.EPSILON) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Standard normal truncated to ±limit (so no single draw is absurd). */
  truncNormal(limit: number): number {
    const z = this.normal();
    return z > limit ? limit : z < -limit ? -limit : z;
  }
}

/** The stream for one (seed, subject, time key, purpose); numbers and strings hash differently. */
export function rngFor(seed: string, subject: string, key: number | string, purpose: string): Rng {
  const k = typeof key === 'number' ? mix(key + 0x6a09e667) : h(key);
  return new Rng(h(seed), h(subject), k, h(purpose));
}
