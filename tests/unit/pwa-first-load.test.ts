// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SHELL_SCRIPT, SHELL_SCRIPT_HASH } from '../../src/server/http/csp';
import { isBootPath } from '../../src/app/i18n';
import { bootCatalog } from '../../scripts/vite-boot-catalog';
import { shellMarkup } from '../../scripts/prerender-shell';

// docs/decisions/020-first-load-and-prerender.md

describe('the shell script and the CSP', () => {
  it('allows exactly the inline script, by its sha256, and no inline script otherwise', () => {
    expect(SHELL_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`);
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", SHELL_SCRIPT_HASH]);
    expect(CONTENT_SECURITY_POLICY.scriptSrc).not.toContain("'unsafe-inline'");
  });

  it.each([
    ['en', '#/login/start', 'en', null],
    ['tw', '#/market/index?tab=otc', 'zh-Hant', 'market'],
    ['tw', '#/market/stockDetail?code=7203', 'zh-Hant', 'other'],
    ['ko', '', 'ko', null],
    ['bogus', '#/', 'ja', null],
  ] as const)('stored %s at %s → <html lang="%s">, data-shell %s', (stored, hash, lang, shell) => {
    document.documentElement.lang = 'ja';
    document.documentElement.removeAttribute('data-shell');
    localStorage.setItem('language', stored);
    window.location.hash = hash;
    new Function(SHELL_SCRIPT)();
    expect(document.documentElement.lang).toBe(lang);
    expect(document.documentElement.getAttribute('data-shell')).toBe(shell);
  });
});

describe('boot paths', () => {
  it('are the splash and the root only', () => {
    expect(isBootPath('')).toBe(true);
    expect(isBootPath('#/')).toBe(true);
    expect(isBootPath('#/login/start')).toBe(true);
    expect(isBootPath('/login/start')).toBe(true);
    expect(isBootPath('#/login/start?x=1')).toBe(true);
    expect(isBootPath('#/market/index?tab=otc')).toBe(true);
    expect(isBootPath('#/login/login')).toBe(false);
    expect(isBootPath('/favorite/index')).toBe(false);
  });
});

describe('the boot catalog', () => {
  it("holds the splash's messages and not the others", async () => {
    const plugin = bootCatalog();
    const transform = plugin.transform as (this: unknown, src: string, id: string) => Promise<{ code: string } | null>;
    const ctx = { addWatchFile() {}, error(m: string) { throw new Error(m); } };
    const out = await transform.call(ctx, '', `${resolve('locales/en.po')}?boot`);
    expect(out?.code).toContain('Investing in Japanese stocks');
    expect(out?.code).toContain('New to Kabuto?');
    expect(out?.code).not.toContain("Driver's licence");
    expect(await transform.call(ctx, '', resolve('locales/en.po'))).toBeNull();
  });
});

describe('the prerendered shell', () => {
  it('is the splash with its texts in four languages and the logo inline', async () => {
    const html = await shellMarkup(resolve('.'));
    expect(html).toContain('data-prerender');
    expect(html).toContain('<img src="data:image/svg+xml,');
    for (const text of ['日本株の投資アプリ', 'Investing in Japanese stocks', 'はじめての方へ', 'New to Kabuto?']) expect(html).toContain(text);
    for (const lang of ['ja', 'en', 'zh-Hant', 'ko']) expect(html).toContain(`lang="${lang}"`);
    expect(html).toContain('href="#/login/start1"');
  });
});
