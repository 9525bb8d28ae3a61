#!/usr/bin/env node
// `npm run deps`: the import-boundary rules of .dependency-cruiser.cjs over src/ (docs/architecture.md).
// Prints the count per rule (cycles counted once each, whichever module they are entered from)
// and every violation; exits 1 on any. `--summary` prints the counts only. One rule is checked
// here rather than by dependency-cruiser, which cannot see cycles between folders: no-feature-cycle.
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(['src'], { ...options, outputType: 'json' });
const { summary, modules } = JSON.parse(output);
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
byRule.set('no-feature-cycle', featureCycles(modules));

/**
 * no-feature-cycle: the client's feature folders, as a graph (src/app/features/<a>/… importing
 * src/app/features/<b>/…, a ≠ b, any kind of import), have no cycle, so that they can be read as
 * layers. dependency-cruiser sees cycles between modules, not between folders; each strongly
 * connected group of folders is one violation, shown as a cycle with an import of each step.
 */
function featureCycles(mods) {
  const FEATURE = /^src\/app\/features\/([^/]+)\//;
  const edges = new Map(); // a → Map(b → one import from a to b)
  for (const m of mods) {
    const a = FEATURE.exec(m.source)?.[1];
    if (!a) continue;
    for (const d of m.dependencies) {
      const b = FEATURE.exec(d.resolved)?.[1];
      if (!b || b === a) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a).has(b)) edges.get(a).set(b, `${m.source} → ${d.resolved}`);
    }
  }
  const next = (a) => [...(edges.get(a)?.keys() ?? [])].sort();
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do group.push((w = stack.pop()));
    while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => {
    // A cycle through the group's first folder: breadth-first back to it inside the group.
    const start = group[0];
    const from = new Map([[start, null]]);
    const queue = [start];
    let last = null;
    while (queue.length && !last) {
      const v = queue.shift();
      for (const w of next(v).filter((x) => group.includes(x))) {
        if (w === start) {
          last = v;
          break;
        }
        if (from.has(w)) continue;
        from.set(w, v);
        queue.push(w);
      }
    }
    const path = [start];
    for (let v = last; v !== start; v = from.get(v)) path.splice(1, 0, v);
    path.push(start);
    const steps = path.slice(1).map((b, i) => edges.get(path[i]).get(b));
    return `${path.join(' → ')} (${steps.join('; ')})`;
  });
}

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
