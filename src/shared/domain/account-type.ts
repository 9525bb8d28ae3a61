/**
 * Account types (口座区分) and the NISA room (docs/domain.md "Account types and NISA",
 * docs/decisions/025-account-types-and-nisa.md). Pure: the order command (under the user's lock),
 * the NISA screen and the property tests compute the room with the same functions.
 */

/** 特定口座, 一般口座, NISA 成長投資枠, NISA つみたて投資枠. */
export const ACCOUNT_TYPES = ['specific', 'general', 'nisa_growth', 'nisa_tsumitate'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type NisaFrame = Extract<AccountType, 'nisa_growth' | 'nisa_tsumitate'>;
export const NISA_FRAMES: readonly NisaFrame[] = ['nisa_growth', 'nisa_tsumitate'];

export function isNisa(a: string): a is NisaFrame {
  return a === 'nisa_growth' || a === 'nisa_tsumitate';
}

/** Taxable accounts (課税口座): what is not NISA. */
export function isTaxable(a: string): a is 'specific' | 'general' {
  return a === 'specific' || a === 'general';
}

/**
 * The NISA limits, yen. Law, not configuration: 租税特別措置法 第37条の14 as amended by the 令和5年度
 * 税制改正 (the new NISA from 1 January 2024): 成長投資枠 ¥2,400,000 and つみたて投資枠 ¥1,200,000 a
 * year; 生涯非課税限度額 ¥18,000,000 by book value, of which 成長投資枠 at most ¥12,000,000.
 */
export const NISA_LIMITS = {
  yearly: { nisa_growth: 2_400_000, nisa_tsumitate: 1_200_000 } as Record<NisaFrame, number>,
  lifetime: 18_000_000,
  growthLifetime: 12_000_000,
} as const;

/**
 * One position row of a NISA frame as the room sees it. A filled row counts its purchase cost
 * (contract value + buy fee, yen) in the Tokyo year it was bought; a waiting buy counts what it
 * reserves, against the current year; a sold row frees its 取得費 (book value by 総平均法) from the
 * year after its sale.
 */
export interface NisaRoomRow {
  account: NisaFrame;
  /** Tokyo year of the purchase; null while the order waits. */
  boughtYear: number | null;
  /** Purchase cost incl. fees, yen (0 while waiting). */
  cost: number;
  /** What a waiting buy holds back, yen (0 once filled or ended). */
  reserved: number;
  /** Tokyo year of the sale (trade date); null while held. */
  soldYear: number | null;
  /** 取得費 the sale took (book value), yen; 0 while held. */
  soldBook: number;
}

export interface FrameUsage {
  limit: number;
  /** Bought this year (filled), yen. */
  used: number;
  /** Held back by waiting orders, yen. */
  reserved: number;
  remaining: number;
}

export interface NisaUsage {
  year: number;
  frames: Record<NisaFrame, FrameUsage>;
  lifetime: { limit: number; used: number; reserved: number; remaining: number };
  growthLifetime: { limit: number; used: number; reserved: number; remaining: number };
  /** Book value sold this year: lifetime room that comes back on 1 January next year. */
  freesNextYear: number;
}

const sum = (rows: readonly NisaRoomRow[], f: (r: NisaRoomRow) => number) => rows.reduce((a, r) => a + f(r), 0);

/** Lifetime use at `year`: every purchase up to it less the book value sold in earlier years. */
function lifetimeUsed(rows: readonly NisaRoomRow[], year: number): number {
  const bought = sum(rows, (r) => (r.boughtYear !== null && r.boughtYear <= year ? r.cost : 0));
  const freed = sum(rows, (r) => (r.soldYear !== null && r.soldYear < year ? r.soldBook : 0));
  return bought - freed;
}

const left = (limit: number, used: number, reserved: number) => Math.max(0, limit - used - reserved);

/** The user's NISA usage in Tokyo year `year` from their NISA rows (definitions above). */
export function nisaUsage(rows: readonly NisaRoomRow[], year: number): NisaUsage {
  const growth = rows.filter((r) => r.account === 'nisa_growth');
  const frame = (f: NisaFrame): FrameUsage => {
    const mine = rows.filter((r) => r.account === f);
    const used = sum(mine, (r) => (r.boughtYear === year ? r.cost : 0));
    const reserved = sum(mine, (r) => r.reserved);
    return { limit: NISA_LIMITS.yearly[f], used, reserved, remaining: left(NISA_LIMITS.yearly[f], used, reserved) };
  };
  const allUsed = lifetimeUsed(rows, year);
  const allReserved = sum(rows, (r) => r.reserved);
  const growthUsed = lifetimeUsed(growth, year);
  const growthReserved = sum(growth, (r) => r.reserved);
  return {
    year,
    frames: { nisa_growth: frame('nisa_growth'), nisa_tsumitate: frame('nisa_tsumitate') },
    lifetime: { limit: NISA_LIMITS.lifetime, used: allUsed, reserved: allReserved, remaining: left(NISA_LIMITS.lifetime, allUsed, allReserved) },
    growthLifetime: { limit: NISA_LIMITS.growthLifetime, used: growthUsed, reserved: growthReserved, remaining: left(NISA_LIMITS.growthLifetime, growthUsed, growthReserved) },
    freesNextYear: sum(rows, (r) => (r.soldYear === year ? r.soldBook : 0)),
  };
}

/** What a new buy in `frame` may still cost this year: the tightest of its yearly and lifetime rooms. */
export function roomFor(u: NisaUsage, frame: NisaFrame): { yearRemaining: number; lifetimeRemaining: number; room: number } {
  const yearRemaining = u.frames[frame].remaining;
  const lifetimeRemaining = frame === 'nisa_growth' ? Math.min(u.lifetime.remaining, u.growthLifetime.remaining) : u.lifetime.remaining;
  return { yearRemaining, lifetimeRemaining, room: Math.min(yearRemaining, lifetimeRemaining) };
}
