// @vitest-environment jsdom
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_SCRIPT } from '../../src/server/http/csp';
import { SHELL_CSS, marketCss, shellMarkup } from '../../scripts/prerender-shell';

// The market list's top in the prerendered shell (docs/decisions/020-first-load-and-prerender.md,
// "the market list's top in the shell").

/** What SHELL_SCRIPT marks for a start at `hash`. */
function classify(hash: string): string | null {
  document.documentElement.removeAttribute('data-shell');
  window.location.hash = hash;
  new Function(SHELL_SCRIPT)();
  return document.documentElement.getAttribute('data-shell');
}

describe("the shell script's kind of start", () => {
  it.each([
    ['', null],
    ['#/', null],
    ['#/login/start', null],
    ['#/login/start?from=x', null],
    ['#/market/index', 'market'],
    ['#/market/index?tab=otc&sort=volume&order=asc', 'market'],
    ['#/market/stockDetail?code=7203', 'other'],
    ['#/market/indexes', 'other'],
    ['#/login/login', 'other'],
    ['#/trade/index', 'other'],
  ] as const)('%s → data-shell %s', (hash, kind) => {
    expect(classify(hash)).toBe(kind);
  });
});

describe('the market block', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-shell');
  });

  async function mount(lang: string, hash: string) {
    document.head.innerHTML = `<style>${marketCss(resolve('.'))}${SHELL_CSS}</style>`;
    document.body.innerHTML = `<div id="root">${await shellMarkup(resolve('.'))}</div>`;
    document.documentElement.lang = lang;
    classify(hash);
    const shown = (el: Element | null) => !!el && getComputedStyle(el).display !== 'none';
    return { market: document.querySelector('[data-prerender="market"]')!, splash: document.querySelector('[data-prerender="splash"]')!, shown };
  }

  it('is the top bar and the note, in four languages, with the classes MarketScreen draws', async () => {
    const { market } = await mount('ja', '#/market/index');
    const texts = (sel: string) => Object.fromEntries([...market.querySelectorAll(`${sel} [lang]`)].map((e) => [e.getAttribute('lang'), e.textContent]));
    expect(texts('.topbar__title')).toEqual({ ja: 'マーケット', en: 'Markets', 'zh-Hant': '行情', ko: '마켓' });
    expect(texts('.sim-badge')).toEqual({ ja: 'シミュレーション', en: 'Simulated', 'zh-Hant': '模擬', ko: '시뮬레이션' });
    expect(texts('.sim-note__text')).toEqual({
      ja: '表示中の相場は模擬データです（実際の市場データではありません）。',
      en: 'Prices shown are simulated (not real market data).',
      'zh-Hant': '顯示的行情為模擬資料（並非真實市場資料）。',
      ko: '표시된 시세는 모의 데이터입니다(실제 시장 데이터가 아닙니다).',
    });
    // The same nesting as the root layout + Page + TopBar + MarketScreen's head row.
    expect(market.matches('.app')).toBe(true);
    expect(market.querySelector(':scope > .page > header.topbar > .topbar__inner > h1.topbar__title')).not.toBeNull();
    expect(market.querySelector(':scope > .page > main.page__body > .head-row > p.sim-note > span.sim-note__text')).not.toBeNull();
    // The back button, the search link and the colour setting: their icons in same-size boxes, not controls.
    expect(market.querySelectorAll('.head-row > .icon-btn[aria-hidden="true"], .topbar__side--right > .icon-btn[aria-hidden="true"], .topbar__back[aria-hidden="true"]')).toHaveLength(3);
    expect(market.querySelectorAll('button, a, input, [tabindex]')).toHaveLength(0);
    // No ids anywhere in the shell (nothing to duplicate when the app draws).
    expect(document.querySelectorAll('#root [id]')).toHaveLength(0);
  });

  it.each([
    ['#/market/index?tab=otc', 'en', true],
    ['#/login/start', 'en', false],
    ['#/login/login', 'ko', false],
    ['', 'ja', false],
  ] as const)('at %s (%s) the market block shows: %s, the splash otherwise; one language shows', async (hash, lang, isMarket) => {
    const { market, splash, shown } = await mount(lang, hash);
    expect(shown(market)).toBe(isMarket);
    expect(shown(splash)).toBe(!isMarket);
    const visible = [...(isMarket ? market : splash).querySelectorAll('[lang]')].filter(shown).map((e) => e.getAttribute('lang'));
    expect(new Set(visible)).toEqual(new Set([lang]));
  });

  it("carries the market stylesheet's rules for the note, as written there", () => {
    const css = marketCss(resolve('.'));
    expect(css).toContain('.sim-note__text{min-width:0;flex:1 1 12rem}');
    expect(css).toContain('.head-row{display:flex;justify-content:space-between;align-items:center;gap:0.5rem}');
    expect(css).toMatch(/^\.sim-badge\{display:inline-flex;[^}]*\}\.sim-note\{display:flex;[^}]*\}\.sim-note__text\{[^}]*\}\.head-row\{[^}]*\}$/);
  });
});
