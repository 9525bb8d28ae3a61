#!/usr/bin/env node
// Fails (exit 1) when a translation is missing, and says which:
//  - a catalog (locales/*.po) other than the source (ja) has an empty msgstr;
//  - a msgid of the source catalog is missing from another catalog (or the reverse);
//  - a translation's placeholders ({amount}) or tags (<0>…</0>) differ from the source;
//  - the source code has messages that are not in the catalogs yet (a fresh `lingui extract`
//    into a temporary folder is compared with locales/ja.po). Skip this with --no-extract.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const localesDir = join(root, 'locales');
const SOURCE = 'ja';
const LOCALES = ['ja', 'en', 'zh-Hant', 'ko'];

/** Parse a .po file into entries {key, msgid, msgctxt, msgstr} (obsolete "#~" entries skipped). */
export function parsePo(text) {
  const entries = [];
  let cur = null;
  let field = null;
  const unquote = (s) => JSON.parse(s);
  const flush = () => {
    if (cur && cur.msgid !== undefined && !cur.obsolete && cur.msgid !== '') entries.push(cur);
    cur = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#~')) {
      cur ??= {};
      cur.obsolete = true;
      continue;
    }
    if (line.startsWith('#')) {
      if (cur && cur.msgid !== undefined) flush();
      cur ??= {};
      continue;
    }
    const m = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgctxt' || (m[1] === 'msgid' && cur?.msgid !== undefined)) {
        if (cur?.msgid !== undefined) flush();
      }
      cur ??= {};
      field = m[1];
      cur[field] = unquote(m[2]);
      continue;
    }
    if (line.startsWith('"') && cur && field) cur[field] += unquote(line);
  }
  flush();
  return entries.map((e) => ({ ...e, key: `${e.msgctxt ?? ''}\u0004${e.msgid}` }));
}

const shapeOf = (s) => {
  const vars = [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
  const tags = [...s.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]).sort();
  return JSON.stringify([...new Set(vars)], null, 0) + JSON.stringify(tags);
};

const problems = [];
const read = (locale) => {
  const file = join(localesDir, `${locale}.po`);
  if (!existsSync(file)) {
    problems.push(`locales/${locale}.po does not exist`);
    return [];
  }
  return parsePo(readFileSync(file, 'utf8'));
};

const source = read(SOURCE);
const sourceKeys = new Map(source.map((e) => [e.key, e]));
for (const locale of LOCALES.filter((l) => l !== SOURCE)) {
  const entries = read(locale);
  const keys = new Map(entries.map((e) => [e.key, e]));
  for (const [key, e] of sourceKeys) {
    const t = keys.get(key);
    if (!t) problems.push(`${locale}: missing msgid ${JSON.stringify(e.msgid)}`);
  }
  for (const e of entries) {
    if (!sourceKeys.has(e.key)) problems.push(`${locale}: msgid not in the source catalog ${JSON.stringify(e.msgid)}`);
    if (!e.msgstr || e.msgstr.trim() === '') problems.push(`${locale}: empty msgstr for ${JSON.stringify(e.msgid)}`);
    else if (shapeOf(e.msgstr) !== shapeOf(e.msgid))
      problems.push(`${locale}: placeholders/tags differ for ${JSON.stringify(e.msgid)} → ${JSON.stringify(e.msgstr)}`);
  }
}

if (!process.argv.includes('--no-extract')) {
  // Extract the source catalog afresh into a temporary folder and compare.
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-i18n-'));
  try {
    const config = join(dir, 'lingui.config.mjs');
    writeFileSync(
      config,
      `export default ${JSON.stringify({
        rootDir: root,
        sourceLocale: SOURCE,
        locales: [SOURCE],
        catalogs: [{ path: join(dir, '{locale}'), include: [join(root, 'src/app'), join(root, 'src/shared')] }],
        format: 'po',
      })};\n`,
    );
    const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'lingui.cmd' : 'lingui');
    execFileSync(bin, ['extract', '--config', config, '--locale', SOURCE], { cwd: root, stdio: 'pipe' });
    const fresh = parsePo(readFileSync(join(dir, `${SOURCE}.po`), 'utf8'));
    for (const e of fresh) {
      if (!sourceKeys.has(e.key))
        problems.push(`source code has a message missing from the catalogs (run npm run i18n:extract): ${JSON.stringify(e.msgid)}`);
    }
    const freshKeys = new Set(fresh.map((e) => e.key));
    for (const e of source) {
      if (!freshKeys.has(e.key)) problems.push(`catalog has a message no longer in the source (run npm run i18n:extract): ${JSON.stringify(e.msgid)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (problems.length) {
  console.error(`Translations incomplete (${problems.length}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
const files = readdirSync(localesDir).filter((f) => f.endsWith('.po'));
console.log(`Translations complete: ${source.length} messages in ${files.join(', ')}.`);
