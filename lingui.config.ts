import { defineConfig } from '@lingui/cli';

/** Japanese is the source language; every other catalog must be complete (npm test checks). */
export default defineConfig({
  sourceLocale: 'ja',
  locales: ['ja', 'en', 'zh-Hant', 'ko'],
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src/app', 'src/shared'] }],
  format: 'po',
  orderBy: 'messageId',
});
