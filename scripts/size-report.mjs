#!/usr/bin/env node
// Prints the gzip size of the JS that /login/start needs on first load (the entry chunk and its
// static imports) and of every other chunk, against the budgets of docs/architecture.md "Budgets".
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The login/start route chunk loads right after the entry; find it by name.
const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const startChunks = assets.filter((f) => /^start-/.test(f)).map((f) => `assets/${f}`);
const first = [...new Set([...entry, ...preloads, ...startChunks])];
const firstTotal = first.reduce((s, f) => s + gz(f), 0);
console.log(`\nFirst-load JS for /login/start: ${kb(firstTotal)} gzip (budget 130 KB) — ${first.join(', ')}`);
const over = assets.filter((f) => !first.includes(`assets/${f}`) && gz(`assets/${f}`) > 35 * 1024);
for (const f of over) console.log(`  chunk over 35 KB gzip: ${f} ${kb(gz(`assets/${f}`))}`);
if (firstTotal > 130 * 1024) console.log('  ⚠ over budget');
