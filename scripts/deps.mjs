#!/usr/bin/env node
// `npm run deps`: the import-boundary rules of .dependency-cruiser.cjs over src/ (docs/architecture.md).
// Prints the count per rule (cycles counted once each, whichever module they are entered from)
// and every violation; exits 1 on any. `--summary` prints the counts only.
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(['src'], { ...options, outputType: 'json' });
const { summary } = JSON.parse(output);
const rules = summary.ruleSetUsed.forbidden.map((f) => f.name);
const byRule = new Map(rules.map((n) => [n, []]));
const cycles = new Map();
for (const v of summary.violations) {
  if (v.cycle) {
    // The same cycle is reported from each module on it: key it by its smallest rotation.
    const path = [v.from, ...v.cycle.map((c) => (typeof c === 'string' ? c : c.name))];
    const ring = path.slice(0, -1);
    const rotations = ring.map((_, i) => [...ring.slice(i), ...ring.slice(0, i)].join(' → '));
    const key = rotations.sort()[0];
    if (!cycles.has(key)) cycles.set(key, path.join(' → '));
    continue;
  }
  byRule.get(v.rule.name)?.push(`${v.from} → ${v.to}`);
}
byRule.set('no-circular', [...cycles.values()]);

const summaryOnly = process.argv.includes('--summary');
let total = 0;
console.log(`${summary.totalCruised} modules, ${summary.totalDependenciesCruised} dependencies (type-only imports included)`);
for (const [rule, list] of byRule) {
  total += list.length;
  const extra = rule === 'no-circular' ? ' cycles' : '';
  console.log(`  ${rule.padEnd(30)} ${String(list.length).padStart(4)}${extra}`);
}
if (!summaryOnly) {
  for (const [rule, list] of byRule) {
    if (!list.length) continue;
    console.log(`\n${rule}:`);
    for (const line of list.sort()) console.log(`  ${line}`);
  }
}
console.log(total ? `\n✖ ${total} import-boundary violation(s)` : '\nNo import-boundary violations.');
process.exit(total ? 1 : 0);
