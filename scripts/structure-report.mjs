#!/usr/bin/env node
// `npm run structure`: the figures of the module template (docs/architecture.md) in one table —
// files and lines per area folder on each layer, the largest component and function on each
// side, SQL outside repo files, and environment reads outside platform/config.ts. It measures;
// the rules that fail a run are in .dependency-cruiser.cjs and eslint.config.js.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.argv[2] ?? '.';
const walk = (dir) =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : [p];
      })
    : [];
const code = (f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('routeTree.gen.ts');
const lines = (f) => readFileSync(f, 'utf8').split('\n').length;

function folders(base) {
  const dir = join(root, base);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory())
    .map((n) => {
      const files = walk(join(dir, n));
      return { name: `${base}/${n}`, files: files.length, lines: files.filter(code).reduce((a, f) => a + lines(f), 0) };
    });
}

/** Every function-like node with its name and length in lines. */
function functions(file) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  const nameOf = (n) => {
    if (n.name && ts.isIdentifier(n.name)) return n.name.text;
    const p = n.parent;
    if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (p && ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) return p.name.text;
    return '(anonymous)';
  };
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      out.push({ file: relative(root, file), name: nameOf(n), lines: b - a + 1 });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const largest = (files, pick = () => true) =>
  files.flatMap(functions).filter(pick).sort((a, b) => b.lines - a.lines)[0] ?? { file: '-', name: '-', lines: 0 };

const appFiles = walk(join(root, 'src/app')).filter(code);
const serverFiles = walk(join(root, 'src/server')).filter(code);
const isComponent = (f) => /^[A-Z]/.test(f.name) && f.file.endsWith('.tsx');
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>\n]*>)?`/g;
const isRepo = (f) => /(^|\/|-)repo\.ts$|\/tables\.ts$/.test(f);
const moduleFiles = serverFiles.filter((f) => f.includes('/server/modules/'));
const sqlOutside = moduleFiles.filter((f) => !isRepo(f)).map((f) => [relative(root, f), (readFileSync(f, 'utf8').match(SQL) ?? []).length]).filter(([, n]) => n > 0);
const ENV = /process\.env|\benv(\?)?\.[A-Z][A-Z0-9_]+/;
const envFiles = serverFiles.filter((f) => !f.endsWith('platform/config.ts') && ENV.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));

const table = (rows) => rows.map((r) => `  ${r.name.padEnd(34)} ${String(r.files).padStart(4)} files ${String(r.lines).padStart(6)} lines`).join('\n');
console.log('Client feature folders:\n' + table(folders('src/app/features')));
console.log('Client components/ (generic UI):\n' + table([...folders('src/app/components'), { name: 'src/app/components (top level)', files: readdirSync(join(root, 'src/app/components')).filter((n) => !statSync(join(root, 'src/app/components', n)).isDirectory()).length, lines: 0 }]));
console.log('Server modules:\n' + table(folders('src/server/modules')));
const show = (label, f) => console.log(`${label.padEnd(30)} ${f.lines} lines  ${f.name} (${f.file})`);
show('largest component (client)', largest(appFiles, isComponent));
show('largest function (client)', largest(appFiles));
show('largest function (server)', largest(serverFiles));
const biggestFile = (files) => files.map((f) => ({ file: relative(root, f), name: 'file', lines: lines(f) })).sort((a, b) => b.lines - a.lines)[0];
show('largest file (client)', biggestFile(appFiles));
show('largest file (server)', biggestFile(serverFiles));
console.log(`SQL calls outside repo files (modules): ${sqlOutside.reduce((a, [, n]) => a + n, 0)} in ${sqlOutside.length} files`);
for (const [f, n] of sqlOutside.sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(3)} ${f}`);
console.log(`files reading the environment outside platform/config.ts: ${envFiles.length}`);
for (const f of envFiles) console.log(`  ${f}`);
