import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR, THEME_KEY } from '../../src/app/theme';
import { UPDOWN_COLORS, UPDOWN_COLORS_DARK, UPDOWN_SCHEMES } from '../../src/app/features/market/updown';
import { SHELL_SCRIPT } from '../../src/server/http/csp';

/*
 * The theme tokens of styles/global.css (issue 35: contrast ≥ WCAG AA in light and dark): every
 * text / background pair the screens use, in both themes and every rise / fall scheme. Text needs
 * 4.5:1, chart lines and candles (graphics) 3:1 — WCAG 2.2 §1.4.3 and §1.4.11.
 */

const CSS = readFileSync('src/app/styles/global.css', 'utf8');

/** WCAG 2.x relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(selector: string): Record<string, string> {
  const at = CSS.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`${selector} not in global.css`);
  const body = CSS.slice(CSS.indexOf('{', at) + 1, CSS.indexOf('}', at));
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

const LIGHT = block(':root');
const DARK = { ...LIGHT, ...block(":root[data-theme='dark']") };
const SCHEME_SELECTOR = (scheme: string, dark: boolean) =>
  dark ? `:root[data-theme='dark'][data-updown='${scheme}']` : `:root[data-updown='${scheme}']`;

/** The tokens of a theme with a rise / fall scheme applied. */
function tokens(dark: boolean, scheme: string): Record<string, string> {
  const base = dark ? DARK : LIGHT;
  return scheme === 'red-blue' ? base : { ...base, ...block(SCHEME_SELECTOR(scheme, dark)) };
}

const TEXT_ON: [string, string[]][] = [
  ['--text', ['--bg', '--bg-soft', '--bg-raised', '--accent-soft']],
  ['--text-2', ['--bg', '--bg-soft', '--bg-raised', '--accent-soft']],
  ['--text-3', ['--bg', '--bg-soft', '--accent-soft']],
  ['--accent', ['--bg', '--bg-soft', '--accent-soft']],
  ['--danger', ['--bg', '--bg-soft', '--danger-soft']],
  ['--warn', ['--bg', '--bg-soft', '--warn-soft']],
  ['--ok', ['--bg', '--bg-soft', '--ok-soft']],
  ['--rise', ['--bg', '--bg-soft']],
  ['--fall', ['--bg', '--bg-soft']],
  ['--flat', ['--bg', '--bg-soft']],
  ['--chart-axis', ['--bg']],
  ['--on-color', ['--accent', '--accent-strong', '--rise', '--fall', '--danger', '--ok']],
];
const GRAPHICS_ON_BG = ['--rise', '--fall', '--chart-price', '--chart-1', '--chart-2', '--chart-3'];

describe('theme tokens (styles/global.css)', () => {
  it('has the same dark set for a dark system and for the dark setting', () => {
    const media = CSS.slice(CSS.indexOf('@media (prefers-color-scheme: dark)'));
    const inMedia = (selector: string) => {
      const at = media.indexOf(`${selector} {`);
      const body = media.slice(media.indexOf('{', at) + 1, media.indexOf('}', at));
      return body.replace(/\s+/g, ' ').trim();
    };
    const direct = (selector: string) => {
      const at = CSS.indexOf(`${selector} {`);
      return CSS.slice(CSS.indexOf('{', at) + 1, CSS.indexOf('}', at)).replace(/\s+/g, ' ').trim();
    };
    expect(inMedia(":root:not([data-theme='light'])")).toBe(direct(":root[data-theme='dark']"));
    for (const s of ['red-green', 'green-red']) {
      expect(inMedia(`:root:not([data-theme='light'])[data-updown='${s}']`)).toBe(direct(SCHEME_SELECTOR(s, true)));
    }
    // Every light token that carries a colour has a dark value.
    const colours = Object.entries(LIGHT).filter(([, v]) => v.startsWith('#'));
    for (const [name] of colours) expect(DARK[name], name).not.toBe(LIGHT[name]);
  });

  for (const dark of [false, true]) {
    for (const scheme of UPDOWN_SCHEMES) {
      it(`meets WCAG AA: ${dark ? 'dark' : 'light'}, ${scheme}`, () => {
        const t = tokens(dark, scheme);
        const low: string[] = [];
        for (const [fg, bgs] of TEXT_ON) {
          for (const bg of bgs) if (contrast(t[fg]!, t[bg]!) < 4.5) low.push(`${fg} on ${bg}: ${contrast(t[fg]!, t[bg]!).toFixed(2)}`);
        }
        for (const fg of GRAPHICS_ON_BG) if (contrast(t[fg]!, t['--bg']!) < 3) low.push(`${fg} on --bg: ${contrast(t[fg]!, t['--bg']!).toFixed(2)}`);
        expect(low).toEqual([]);
      });
    }
  }

  it('gives the chart the same rise / fall colours as the CSS (updown.ts)', () => {
    for (const scheme of UPDOWN_SCHEMES) {
      expect(UPDOWN_COLORS[scheme]).toEqual({ rise: tokens(false, scheme)['--rise'], fall: tokens(false, scheme)['--fall'] });
      expect(UPDOWN_COLORS_DARK[scheme]).toEqual({ rise: tokens(true, scheme)['--rise'], fall: tokens(true, scheme)['--fall'] });
    }
  });

  it('paints the browser bar in the top bar colour, and the shell script knows the key and colours', () => {
    expect(THEME_COLOR.light).toBe(LIGHT['--bg']);
    expect(THEME_COLOR.dark).toBe(DARK['--bg']);
    expect(SHELL_SCRIPT).toContain(`localStorage.getItem('${THEME_KEY}')`);
    expect(SHELL_SCRIPT).toContain(`k?'${THEME_COLOR.dark}':'${THEME_COLOR.light}'`);
  });
});
