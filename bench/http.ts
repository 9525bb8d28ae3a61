/**
 * The HTTP stack's own cost: `GET user/info` (session lookup + one user row) and a 404 envelope (no
 * database) on Kabuto — main.ts in its own process, jobs on — against a bare Hono app answering the
 * same shapes (bench/bare-hono.ts), wrk in a third process, in the same run.
 */
import type { Figure } from './ledger';
import { benchUsers, spawnBareHono, spawnKabuto, wrk } from './http-harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;

export async function benchHttp(): Promise<Figure[]> {
  const bare = await spawnBareHono();
  const k = await spawnKabuto();
  try {
    const tokens = await benchUsers(k.url, 1);
    const run = async (url: string, expect: number, withToken: boolean) => {
      await wrk(url, { connections: CONNECTIONS, seconds: 1, tokens: withToken ? tokens : [], expect });
      return wrk(url, { connections: CONNECTIONS, seconds: SECONDS, tokens: withToken ? tokens : [], expect });
    };
    const bareInfo = await run(`${bare.url}/api/vue/user/info`, 200, false);
    const info = await run(`${k.url}/api/vue/user/info`, 200, true);
    const bare404 = await run(`${bare.url}/api/vue/no/such/thing`, 404, false);
    const notFound = await run(`${k.url}/api/vue/no/such/thing`, 404, false);
    const r = (v: number) => Math.round(v);
    return [
      { name: 'http.bare_hono.user_info', value: r(bareInfo.rps), unit: 'req/s', note: 'baseline' },
      { name: 'http.user_info', value: r(info.rps), unit: 'req/s' },
      { name: 'http.user_info.p99', value: +info.p99.toFixed(3), unit: 'ms' },
      { name: 'http.user_info_vs_bare', value: +(info.rps / bareInfo.rps).toFixed(3), unit: 'ratio' },
      { name: 'http.bare_hono.404', value: r(bare404.rps), unit: 'req/s', note: 'baseline' },
      { name: 'http.404', value: r(notFound.rps), unit: 'req/s' },
      { name: 'http.404_vs_bare', value: +(notFound.rps / bare404.rps).toFixed(3), unit: 'ratio' },
    ];
  } finally {
    await k.stop();
    await bare.stop();
  }
}
