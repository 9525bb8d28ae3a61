/**
 * Search-param validation for the routes.
 *
 * Deliberately not zod: route definitions are part of the first-load bundle, and zod's runtime
 * (even zod/mini, which shares zod's core with the classic API the contract uses) adds ~15 KB gzip
 * there, over the DESIGN.md §11 budget for /login/start. These validators do what the zod schemas
 * did (optional value, trimmed, length and pattern checked, anything invalid dropped to
 * "absent") and are unit-tested (tests/unit/ui-search.test.ts).
 */
type Raw = Record<string, unknown>;

/** An optional string param: kept when it is a string (numbers are stringified) matching the rules. */
export function optionalString(value: unknown, opts: { max: number; pattern?: RegExp }): string | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (!text || text.length > opts.max) return undefined;
  if (opts.pattern && !opts.pattern.test(text)) return undefined;
  return text;
}

/** An optional param out of a fixed list. */
export function optionalEnum<const T extends readonly string[]>(value: unknown, values: T): T[number] | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}

export const idSearch = (s: Raw): { id?: string } => ({ id: optionalString(s.id, { max: 64 }) });

export const codeSearch = (s: Raw): { code?: string } => ({
  code: optionalString(s.code, { max: 16, pattern: /^[0-9A-Za-z.\-_]+$/ }),
});

export const querySearch = (s: Raw): { q?: string } => ({ q: optionalString(s.q, { max: 64 }) });

/** Where to go after signing in: an app path like "/information/index" (never /login/…, never //host). */
export const REDIRECT_PATTERN = /^\/(?!\/)(?!login\/)[\w\-/]*$/;
export const redirectSearch = (s: Raw): { redirect?: string } => ({
  redirect: optionalString(s.redirect, { max: 200, pattern: REDIRECT_PATTERN }),
});

export const inviteSearch = (s: Raw): { invite?: string } => ({
  invite: optionalString(s.invite, { max: 16, pattern: /^[A-Za-z0-9]{4,16}$/ }),
});

export const FUND_RECORD_TYPES = ['trade', 'deposit', 'withdraw'] as const;
export const fundRecordSearch = (s: Raw): { type?: (typeof FUND_RECORD_TYPES)[number] } => ({
  type: optionalEnum(s.type, FUND_RECORD_TYPES),
});

/** Market boards (spec §2 market tabs). */
export const MARKET_BOARDS = ['listed', 'otc', 'ipo', 'auction', 'crypto', 'fx'] as const;
export const marketSearch = (s: Raw): { tab?: (typeof MARKET_BOARDS)[number] } => ({
  tab: optionalEnum(s.tab, MARKET_BOARDS),
});

export const ABOUT_SECTIONS = ['about', 'operator', 'fraud', 'privacy', 'terms'] as const;
export const aboutSearch = (s: Raw): { section?: (typeof ABOUT_SECTIONS)[number] } => ({
  section: optionalEnum(s.section, ABOUT_SECTIONS),
});
