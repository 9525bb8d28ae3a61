/*
 * The chart's colours from the theme tokens (styles/global.css, src/app/theme.ts). A canvas cannot
 * draw with var(): PriceChart reads the tokens here once per theme and rebuilds its panes when the
 * theme changes. The fallbacks are the light values (tests, or a token missing).
 */

const TOKENS: Record<string, string> = {
  '--chart-axis': '#59616b',
  '--chart-grid': '#eceef1',
  '--chart-price': '#1b3f7a',
  '--chart-1': '#b97f00',
  '--chart-2': '#8e3fb8',
  '--chart-3': '#0f8f84',
  '--chart-base': '#9aa1ab',
  '--accent': '#1f4e9c',
};

/** Token name → colour, as computed on <html> now. */
export type ChartColors = Readonly<Record<string, string>>;

/** The tokens as computed now; `_theme` is the theme they are read for (the caller's memo key). */
export function readChartColors(_theme?: string): ChartColors {
  const style = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const out: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(TOKENS)) out[name] = style?.getPropertyValue(name).trim() || fallback;
  return out;
}

/** A colour the canvas can draw: `var(--token)` resolved, anything else as it is. */
export function paint(colors: ChartColors, color: string): string {
  const m = /^var\((--[\w-]+)\)$/.exec(color);
  return m ? (colors[m[1]!] ?? TOKENS[m[1]!] ?? color) : color;
}

/** `color` (#rrggbb) at `alpha` (0–1) as #rrggbbaa, which the canvas takes; other forms as they are. */
export function withAlpha(color: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  return color + Math.round(alpha * 255).toString(16).padStart(2, '0');
}
