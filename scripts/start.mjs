#!/usr/bin/env node
// `npm start`: build the PWA when its sources are newer than the build, then run the server
// (which migrates the database and prints the URL and logins).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/index.html');
const sources = ['src/app', 'src/shared', 'locales', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const buildTime = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourceTime = Math.max(...sources.map((s) => newest(join(root, s))));
if (sourceTime > buildTime) {
  console.log('Building the PWA (sources changed since the last build)…');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
