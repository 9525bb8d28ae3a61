// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { endpoint } from '../../src/shared/api/endpoint';
import { marketApi } from '../../src/shared/api/market';
import { tradeApi } from '../../src/shared/api/trade';
import { fundsApi } from '../../src/shared/api/funds';
import { configApi } from '../../src/shared/api/config';
import { resetApiClientForTests } from '../../src/app/api/client';
import { endpointArea, endpointKey, endpointPrefix, endpointQuery } from '../../src/app/api/query';
import { useMoneyCommand } from '../../src/app/api/money-command';
import { CONFIG_REQUEST } from '../../src/app/api/config';
import { createQueryClient } from '../../src/app/query/client';
import { quoteQuery as marketQuote } from '../../src/app/features/market/api';
import { quoteQuery as ticketQuote, buyingPowerQuery, positionKey, TRADE_INVALIDATES } from '../../src/app/features/trade/api';
import { fundsSummaryQuery } from '../../src/app/features/funds/AssetCard';
import { positionsQuery } from '../../src/app/features/trade/holdings/PositionList';

describe('query keys from the contract', () => {
  it('are the path with its params filled, then the query or body (sorted, no undefined)', () => {
    expect(endpointKey(marketApi.quote, { params: { code: '7203' } })).toEqual(['market', 'quote', '7203']);
    expect(endpointKey(marketApi.candles, { params: { code: '7203' }, query: { period: 'week', adjust: 'forward' } })).toEqual([
      'market', 'candles', '7203', { adjust: 'forward', period: 'week' },
    ]);
    expect(endpointKey(marketApi.search, { query: { q: 'toyota', cursor: undefined } as { q: string } })).toEqual(['market', 'search', { q: 'toyota' }]);
    expect(endpointKey(marketApi.indices)).toEqual(['market', 'indices']);
    expect(endpointKey(configApi.list, CONFIG_REQUEST)).toEqual(['common', 'config', { type: 'all' }]);
  });

  it('name families by prefix: the endpoint (up to its first path param) and the area', () => {
    expect(endpointPrefix(marketApi.quote)).toEqual(['market', 'quote']);
    expect(endpointPrefix(tradeApi.position)).toEqual(['trade', 'positions']);
    expect(endpointPrefix(tradeApi.positions)).toEqual(['trade', 'positions']);
    expect(endpointArea(fundsApi.summary)).toEqual(['funds']);
    // A trading command's invalidation covers every position list and detail, and all of funds.
    const covered = (key: readonly unknown[]) => TRADE_INVALIDATES.some((p) => p.every((seg, i) => seg === key[i]));
    expect(covered(positionKey('p1'))).toBe(true);
    expect(covered(positionsQuery('open').queryKey)).toBe(true);
    expect(covered(endpointKey(fundsApi.records, { query: { type: 'all', limit: 30 } }))).toBe(true);
    expect(covered(endpointKey(marketApi.quote, { params: { code: '7203' } }))).toBe(false);
  });

  it('give one piece of server data one cache entry, whichever screen reads it', () => {
    // The market detail and the order ticket read the same quote; each only sets its freshness.
    expect(ticketQuote('7203').queryKey).toEqual(marketQuote('7203').queryKey);
    expect(ticketQuote('7203').refetchInterval).toBe(3_000);
    // Buying power (trade, block) is the mine screen's asset summary.
    expect(buyingPowerQuery().queryKey).toEqual(fundsSummaryQuery().queryKey);
    expect(endpointQuery(fundsApi.summary, {}).queryKey).toEqual(['funds', 'summary']);
  });
});

const BASE = `${location.origin}/api/vue/`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => resetApiClientForTests());
afterEach(() => server.resetHandlers());

/** A money command of the contract's shape with a small answer. */
const closeApi = endpoint({
  method: 'post', path: 'trade/positions/{id}/close', tag: 'trade', auth: 'user', idempotent: true, summary: 'close',
  params: z.object({ id: z.string() }), body: z.object({ type: z.enum(['market', 'limit']) }), data: z.object({ id: z.string() }),
});

describe('useMoneyCommand', () => {
  function setup(answers: (() => Response)[]) {
    const keys: (string | null)[] = [];
    const done: string[] = [];
    server.use(
      http.post(`${BASE}trade/positions/:id/close`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return (answers.shift() ?? (() => HttpResponse.json({ status: 0, msg: 'failed' }, { status: 500 })))();
      }),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useMoneyCommand(closeApi, { invalidate: [endpointArea(fundsApi.summary)], onSuccess: (p) => done.push(p.id) }), { wrapper });
    return { keys, done, client, hook };
  }
  const fail = (status: number, msg: string) => () => HttpResponse.json({ status: 0, msg }, { status });

  it('keeps one Idempotency-Key across the retries of one action and drops it when the action ends', async () => {
    const { keys, hook } = setup([fail(503, 'busy'), fail(422, 'market_closed'), fail(503, 'busy')]);
    const input = { params: { id: 'p1' }, body: { type: 'market' as const } };
    act(() => hook.result.current.begin());
    await act(() => hook.result.current.mutateAsync(input).catch(() => {}));
    await act(() => hook.result.current.mutateAsync(input).catch(() => {})); // the retry: same key, then a 4xx
    await act(() => hook.result.current.mutateAsync(input).catch(() => {})); // a new action after the refusal
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    act(() => hook.result.current.end()); // the user cancels: the next action has a new key
    await act(() => hook.result.current.mutateAsync(input).catch(() => {}));
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('refetches the given keys after a success, and the next action gets a new key', async () => {
    const ok = () => HttpResponse.json({ status: 1, msg: '', data: { id: 'p1' } });
    const { keys, done, client, hook } = setup([ok, ok]);
    client.setQueryData(['funds', 'summary'], { available: 1 });
    client.setQueryData(['market', 'quote', '7203'], { price: 1 });
    const input = { params: { id: 'p1' }, body: { type: 'market' as const } };
    act(() => hook.result.current.begin());
    await act(() => hook.result.current.mutateAsync(input));
    expect(done).toEqual(['p1']);
    await waitFor(() => expect(client.getQueryState(['funds', 'summary'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['market', 'quote', '7203'])?.isInvalidated).toBe(false);
    await act(() => hook.result.current.mutateAsync(input));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('is typed by the contract: a money command only, with its own params and body', () => {
    const typed = () => {
      // @ts-expect-error a read is not a money command
      useMoneyCommand(marketApi.quote, { invalidate: [] });
    };
    expect(typeof typed).toBe('function');
  });
});
