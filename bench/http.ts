/**
 * The HTTP stack's own cost: `GET user/info` (session lookup + one user row) and a 404 envelope (no
 * database) on Kabuto — main.ts in its own process, jobs on — against a bare Hono app answering the
 * same shapes (bench/bare-hono.ts), wrk in a third process, in the same run.
 */
import type { Figure } from './ledger';
import { benchUsers, spawnBareHono, spawnKabuto, wrk } from './http-harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function benchHttp(): Promise<Figure[]> {
  const bareServer = await spawnBareHono();
  const k = await spawnKabuto();
  try {
    const tokens = await benchUsers(k.url, 1);
    const run = async (url: string, expect: number, withToken: boolean) => {
      await wrk(url, { connections: CONNECTIONS, seconds: 1, tokens: withToken ? tokens : [], expect });
      return wrk(url, { connections: CONNECTIONS, seconds: SECONDS, tokens: withToken ? tokens : [], expect });
    };
    // Rounds of bare, Kabuto: the shared machine's load moves, so the median round's ratio is kept.
    const median = async (path: string, expect: number, withToken: boolean) => {
      const out: { bare: number; kabuto: number; p99: number; ratio: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const bare = (await run(`${bareServer.url}${path}`, expect, false)).rps;
        const k2 = await run(`${k.url}${path}`, expect, withToken);
        out.push({ bare, kabuto: k2.rps, p99: k2.p99, ratio: k2.rps / bare });
      }
      out.sort((a, b) => a.ratio - b.ratio);
      return { ...out[Math.floor(out.length / 2)]!, ratios: out.map((r) => +r.ratio.toFixed(3)).join(' / ') };
    };
    const info = await median('/api/vue/user/info', 200, true);
    const notFound = await median('/api/vue/no/such/thing', 404, false);
    const r = (v: number) => Math.round(v);
    return [
      { name: 'http.bare_hono.user_info', value: r(info.bare), unit: 'req/s', note: 'baseline' },
      { name: 'http.user_info', value: r(info.kabuto), unit: 'req/s' },
      { name: 'http.user_info.p99', value: +info.p99.toFixed(3), unit: 'ms' },
      { name: 'http.user_info_vs_bare', value: +info.ratio.toFixed(3), unit: 'ratio', note: `median of rounds ${info.ratios}` },
      { name: 'http.bare_hono.404', value: r(notFound.bare), unit: 'req/s', note: 'baseline' },
      { name: 'http.404', value: r(notFound.kabuto), unit: 'req/s' },
      { name: 'http.404_vs_bare', value: +notFound.ratio.toFixed(3), unit: 'ratio', note: `median of rounds ${notFound.ratios}` },
    ];
  } finally {
    await k.stop();
    await bareServer.stop();
  }
}
