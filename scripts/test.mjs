#!/usr/bin/env node
// `npm test`: every check in one command (DESIGN.md §9). Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function run(title, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${title} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${title} (${secs}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    run('install Chromium (Debian package)', 'sh', ['-c', 'apt-get install -y chromium || (apt-get update && apt-get install -y chromium)']);
    return;
  }
  console.error('End-to-end tests need Debian\'s Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.');
  process.exit(1);
}

const npx = 'npx';
run('typecheck', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', npx, ['eslint', '.', '--max-warnings=0']);
run('translations complete', 'node', ['scripts/check-translations.mjs']);
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: API tests run on SQLite only (set it to run them on PostgreSQL too).');
}
run('unit and API tests (vitest)', npx, ['vitest', 'run']);
run('build the PWA', npx, ['vite', 'build']);
ensureChromium();
run('end-to-end tests (Playwright, Chromium)', npx, ['playwright', 'test']);
console.log('\nAll tests passed.');
