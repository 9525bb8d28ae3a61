import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../src/app/styles/global.css';
import { BoardView } from '../../src/app/features/market/BoardList';
import { marketKeys } from '../../src/app/api/quotes/keys';
import { applyQuotes, type StreamQuote } from '../../src/app/api/quotes/patch';
import { QuoteStream, type EventSourceLike } from '../../src/app/api/quotes/stream';
import { persistQueryClientSubscribe } from '@tanstack/query-persist-client-core';
import { UserCachePersister, dehydrateOptions, type KeyValueStore } from '../../src/app/query/persister';

/*
 * Benchmark page (bundled by bench/market-list.ts): the market board (the app's BoardView:
 * virtualized rows with price flash, reading the query cache) fed by the app's quote-stream client
 * (QuoteStream: event parsing, per-frame coalescing, applyQuotes into the cache). Only the network
 * is replaced: a fake EventSource emits `quote` events at a fixed rate, the same JSON the server
 * sends. `run(kind, ms)` records rAF frame intervals and long tasks for `ms`.
 */

const N = 300;
const codes = Array.from({ length: N }, (_, i) => String(1300 + i));
let seed = 0x9e3779b9;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
};
const prices = new Map(codes.map((c) => [c, 10_000 + Math.floor(rand() * 40_000)]));
const prev = new Map(prices);
let at = Date.UTC(2026, 0, 5, 0, 0);

function rowOf(code: string) {
  const price = prices.get(code)!;
  const p0 = prev.get(code)!;
  return {
    code,
    kind: 'stock' as const,
    board: 'listed' as const,
    nameJa: `銘柄${code}`,
    nameEn: `Stock ${code}`,
    priceScale: 10,
    qtyScale: 1,
    quoteUnit: 1,
    price,
    prevClose: p0,
    change: price - p0,
    changeBp: Math.round(((price - p0) * 10_000) / p0),
    volume: 1000,
    turnover: price * 100,
    limitState: null,
    session: 'morning' as const,
    at,
    simulated: true as const,
  };
}

function quoteOf(code: string): StreamQuote {
  const r = rowOf(code);
  return {
    ...r,
    open: r.prevClose,
    high: Math.max(r.prevClose, r.price),
    low: Math.min(r.prevClose, r.price),
    marketValue: null,
    limits: null,
    bid: r.price - 5,
    ask: r.price + 5,
    tradingDate: '2026-01-05',
  };
}

const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, refetchInterval: false, retry: false } } });
client.setQueryData(marketKeys.board('listed', 'changeBp', 'desc'), {
  pages: [{ items: codes.map(rowOf), next: null, total: N, at, simulated: true }],
  pageParams: [''],
});

// As in the app: every cache change is dehydrated and saved (throttled to 1 s) by the persister;
// the store structured-clones what it is given, as IndexedDB does.
const memoryStore = new Map<string, unknown>();
const kv: KeyValueStore = {
  get: async (k) => memoryStore.get(k),
  set: async (k, v) => void memoryStore.set(k, structuredClone(v)),
  del: async (k) => void memoryStore.delete(k),
  keys: async () => [...memoryStore.keys()],
};
const persister = new UserCachePersister(kv, () => 'kabuto-query:bench:user');
persistQueryClientSubscribe({
  queryClient: client as unknown as Parameters<typeof persistQueryClientSubscribe>[0]['queryClient'],
  persister,
  dehydrateOptions,
});

/** A fake EventSource emitting `rate` quote events a second while `emitting` is on. */
class FakeSource implements EventSourceLike {
  readyState = 1;
  onerror: ((e: Event) => void) | null = null;
  private listeners: ((e: MessageEvent<string>) => void)[] = [];
  addEventListener(type: string, l: (e: MessageEvent<string>) => void) {
    if (type === 'quote') this.listeners.push(l);
  }
  close() {
    this.readyState = 2;
  }
  emit(q: StreamQuote) {
    const e = new MessageEvent('quote', { data: JSON.stringify(q) });
    for (const l of this.listeners) l(e);
  }
}
let source: FakeSource | null = null;
const patchMs: number[] = [];
const stream = new QuoteStream({
  url: () => 'fake',
  createSource: () => (source = new FakeSource()),
  onQuotes: (batch) => {
    const t0 = performance.now();
    applyQuotes(client, batch);
    patchMs.push(performance.now() - t0);
  },
  debounceMs: 0,
});
stream.subscribe(codes);

function App() {
  return (
    <QueryClientProvider client={client}>
      <div className="app">
        <main className="page__body">
          <BoardView board="listed" sort="changeBp" order="desc" hrefOf={(r) => `#/x?code=${r.code}`} live={false} />
        </main>
      </div>
    </QueryClientProvider>
  );
}
createRoot(document.getElementById('root')!).render(<App />);

let emitted = 0;
async function run(kind: 'baseline' | 'stream', ms: number, rate = 50) {
  const intervals: number[] = [];
  const longTasks: number[] = [];
  patchMs.length = 0;
  emitted = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  obs.observe({ type: 'longtask', buffered: false });
  let timer: ReturnType<typeof setInterval> | undefined;
  if (kind === 'stream') {
    // 50 a second, spread evenly (one every 20 ms), each a random instrument moving a tick or few.
    timer = setInterval(() => {
      const code = codes[Math.floor(rand() * N)]!;
      const step = (Math.floor(rand() * 7) - 3) * 5;
      prices.set(code, Math.max(100, prices.get(code)! + step));
      at += 1000;
      source?.emit(quoteOf(code));
      emitted++;
    }, 1000 / rate);
  }
  await new Promise<void>((resolve) => {
    let last = performance.now();
    const end = last + ms;
    const tick = (now: number) => {
      intervals.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  if (timer) clearInterval(timer);
  obs.disconnect();
  const rows = document.querySelectorAll('.qrow').length;
  return { intervals, longTasks, patchMs: [...patchMs], emitted, rows };
}

declare global {
  interface Window {
    marketBench: { run: typeof run; ready: () => boolean };
  }
}
window.marketBench = { run, ready: () => document.querySelectorAll('.qrow').length > 0 };
