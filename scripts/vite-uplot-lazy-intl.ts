/**
 * A Vite plugin: uPlot builds two Intl objects when its module is evaluated, a NumberFormat for its
 * default number labels and a DateTimeFormat to learn the local time zone. The first Intl object of
 * a page loads ICU's data: under Lighthouse's 4x CPU model that was most of a 150 ms task when the
 * stock detail's chart chunk arrived (docs/decisions/020-first-load-and-prerender.md, follow-up
 * "compile hints, and uPlot's Intl"). Our charts pass their own axis labels (options.ts, AssetHistoryChart.tsx), keep
 * the legend off and use no time zone, so uPlot never needs either: the patch builds each on first
 * use instead, same values, same behaviour.
 *
 * Each replacement must match exactly once; a uPlot release that changes these lines fails the build
 * here rather than shipping unpatched.
 */
import type { Plugin } from 'vite';

const UPLOT_ESM = /[\\/]node_modules[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/;

const REPLACEMENTS: readonly (readonly [string, string])[] = [
  [
    "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
    "let numFormatter;\nconst fmtNum = val => (numFormatter ??= new Intl.NumberFormat(domEnv ? nav.language : 'en-US')).format(val);",
  ],
  ['const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;', 'let localTz;'],
  ['else if (tz == localTz)', 'else if (tz == (localTz ??= new Intl.DateTimeFormat().resolvedOptions().timeZone))'],
];

/** uPlot's ESM source with its module-level Intl objects made lazy; throws if a line is not found exactly once. */
export function patchUplot(code: string): string {
  let out = code;
  for (const [from, to] of REPLACEMENTS) {
    const at = out.indexOf(from);
    if (at < 0 || out.indexOf(from, at + 1) >= 0) throw new Error(`uplot-lazy-intl: expected exactly one "${from.split('\n')[0]}" in uPlot.esm.js`);
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

export function uplotLazyIntl(): Plugin {
  return {
    name: 'kabuto:uplot-lazy-intl',
    transform: {
      filter: { id: UPLOT_ESM },
      handler(code) {
        return { code: patchUplot(code), map: null };
      },
    },
  };
}
