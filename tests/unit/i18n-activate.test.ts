// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { MESSAGE_TEXTS } from '../../src/app/i18n/message-texts';

describe('activateLanguage', () => {
  it.each([
    ['jp', 'ja', 'ログインに失敗しました'],
    ['en', 'en', 'Login failed'],
    ['tw', 'zh-Hant', '登入失敗'],
    ['ko', 'ko', '로그인에 실패했습니다'],
  ] as const)('%s → <html lang="%s"> and its catalog', async (lang, locale, text) => {
    await activateLanguage(lang);
    expect(i18n.locale).toBe(locale);
    expect(document.documentElement.lang).toBe(locale);
    expect(i18n._(MESSAGE_TEXTS.login_failed.text)).toBe(text);
  });
});

describe('catalogs', () => {
  it('are complete (scripts/check-translations.mjs)', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['scripts/check-translations.mjs', '--no-extract'], { encoding: 'utf8' });
    expect(out).toMatch(/Translations complete/);
  });
});
