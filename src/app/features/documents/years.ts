/** The year now in Tokyo (the documents' and exports' years are Tokyo calendar years). */
export function tokyoYear(now: number = Date.now()): number {
  return new Date(now + 9 * 3_600_000).getUTCFullYear();
}

/** The years a filter offers: this year and the five before it (and a chosen one outside them), newest first. */
export function recentYears(chosen?: number, now: number = Date.now()): number[] {
  const current = tokyoYear(now);
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  if (chosen !== undefined && !years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}
