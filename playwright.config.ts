import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * End-to-end tests (docs/architecture.md "Testing"): Debian's Chromium against the built PWA served by the real
 * server (tests/e2e/global-setup.ts builds dist/ when missing, then starts `src/server/main.ts` on a
 * free port over a fresh database in a temp dir).
 *
 * The port is chosen once, here, and kept in the environment so that the test workers (which load
 * this file again and inherit the environment) agree with the runner on the base URL.
 */
process.env.KABUTO_E2E_PORT ??= execFileSync(
  process.execPath,
  ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
  { encoding: 'utf8' },
).trim();
const baseURL = `http://127.0.0.1:${process.env.KABUTO_E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One server and one set of login rate limits for the whole run: run the files one by one.
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // KABUTO_E2E_OUT: a run's own artifacts directory (runs side by side must not clean each other's).
  outputDir: process.env.KABUTO_E2E_OUT || 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.KABUTO_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
