// `npm run bench [name…]`: figures as ratios against a baseline measured in the same run
// (docs/architecture.md, Budgets). Results go to bench/results/<name>.json and the console.
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchLedger, type Figure } from './ledger';
import { benchOrders } from './orders';
import { benchStream } from './stream';
import { benchChartRender } from './chart';
import { benchMarketList } from './market-list';
import { benchMarketSim } from './market-sim';
import { benchLighthouse } from './lighthouse';
import { benchOfflineStart } from './offline-start';
import { benchGrowth } from './growth';
import { benchHttp } from './http';
import { benchScale } from './scale';
import { benchDocuments } from './documents';

const benches: Record<string, () => Promise<Figure[]>> = {
  ledger: benchLedger,
  orders: benchOrders,
  stream: benchStream,
  chart: () => benchChartRender(),
  'market-list': () => benchMarketList(),
  'market-sim': benchMarketSim,
  lighthouse: () => benchLighthouse(),
  'offline-start': () => benchOfflineStart(),
  growth: benchGrowth,
  http: benchHttp,
  scale: benchScale,
  documents: benchDocuments,
};
// Only when named (`npm run bench scale`): it starts PostgreSQL-backed instances, Redis and HAProxy.
const NAMED_ONLY = new Set(['scale']);

const only = process.argv.slice(2);
mkdirSync('bench/results', { recursive: true });
for (const [name, run] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  if (NAMED_ONLY.has(name) && !only.includes(name)) continue;
  console.log(`\n${name}`);
  const figures = await run();
  for (const f of figures) console.log(`  ${f.name.padEnd(40)} ${String(f.value).padStart(10)} ${f.unit}${f.note ? `  (${f.note})` : ''}`);
  writeFileSync(`bench/results/${name}.json`, JSON.stringify({ at: new Date().toISOString(), figures }, null, 2));
}
