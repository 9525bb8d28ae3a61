#!/usr/bin/env node
// `npm test`: every check in one command (docs/architecture.md). Stops at the first failing step.
//
// The static checks and the PWA build run as two lanes side by side (the type check keeps one core
// busy on its own; lint, import boundaries, translations and the build fill the other), then the
// vitest suite and the end-to-end tests, which use every core, run alone. A lane stops at its first
// failure; the run stops once both lanes are done. Per-step times are summarised at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const PDF_FONT = '/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf';
const PDFTOTEXT = '/usr/bin/pdftotext';
const bin = (name) => join('node_modules', '.bin', name);
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
const timings = [];

function finish(title, started, status) {
  const secs = (Date.now() - started) / 1000;
  timings.push([title, secs, status === 0]);
  if (status === 0) console.log(`✔ ${title} (${secs.toFixed(1)}s)`);
  else console.error(`✖ ${title} failed after ${secs.toFixed(1)}s`);
  return status === 0;
}

function summary() {
  console.log('\nStep times:');
  for (const [title, secs, ok] of timings) console.log(`  ${ok ? '✔' : '✖'} ${title.padEnd(42)} ${secs.toFixed(1).padStart(6)}s`);
}

function fail(status) {
  summary();
  process.exit(status || 1);
}

/** A step with the terminal to itself (live output). */
function run(title, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (!finish(title, started, r.status)) fail(r.status);
}

/** A step sharing the terminal: its output is held and printed in one piece when it ends. */
function runQuiet(title, cmd, args) {
  const started = Date.now();
  return new Promise((resolveStep) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...color }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => (out += `${e}\n`));
    child.on('close', (code) => {
      console.log(`\n▶ ${title}`);
      if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      resolveStep(finish(title, started, code ?? 1));
    });
  });
}

/** Steps one after the other, stopping at the first failure. */
async function lane(steps) {
  for (const step of steps) if (!(await runQuiet(...step))) return false;
  return true;
}

/**
 * Chromium for the end-to-end tests, Noto CJK so that screenshots of Japanese show glyphs,
 * IPAexGothic (the font the documents' PDFs embed) and poppler-utils (pdftotext reads them back).
 */
function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-noto-cjk');
  if (!existsSync(PDF_FONT)) missing.push('fonts-ipaexfont-gothic');
  if (!existsSync(PDFTOTEXT)) missing.push('poppler-utils');
  if (!missing.length) return;
  const pkgs = missing.join(' ');
  if (process.getuid?.() === 0) {
    run(`install ${pkgs} (Debian packages)`, 'sh', ['-c', `apt-get install -y ${pkgs} || (apt-get update && apt-get install -y ${pkgs})`], { DEBIAN_FRONTEND: 'noninteractive' });
    return;
  }
  if (missing.includes('chromium')) {
    console.error(`End-to-end tests need Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get install -y ${pkgs}\`.`);
    fail(1);
  }
  console.warn(`Japanese text in screenshots and the documents' PDF tests need Debian's packages: run \`sudo apt-get install -y ${pkgs}\`.`);
}

const lanes = await Promise.all([
  // --force: `tsc -b` decides what is up to date from our sources only, not from node_modules.
  lane([['typecheck (app, server, shared, tools)', bin('tsc'), ['-b', '--force']]]),
  lane([
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['import boundaries', 'node', ['scripts/deps.mjs']],
    ['translations complete', 'node', ['scripts/check-translations.mjs']],
    ['build the PWA', bin('vite'), ['build']],
  ]),
]);
if (lanes.includes(false)) fail(1);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: API tests run on SQLite only (set it to run them on PostgreSQL too).');
}
run('unit and API tests (vitest)', bin('vitest'), ['run']);
ensureChromium();
run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']);
summary();
console.log('\nAll tests passed.');
