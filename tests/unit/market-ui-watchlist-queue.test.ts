import { describe, expect, it } from 'vitest';
import { memoryJsonStore } from '../../src/app/json-store';
import {
  QUEUE_KEY_PREFIX,
  WatchlistQueue,
  appendOp,
  applyOps,
  flushQueue,
  moveCode,
  reconcileOrder,
  type WatchlistServer,
} from '../../src/app/features/watchlist/watchlist-queue';

class Refused extends Error {}
class Offline extends Error {}
const isRefusal = (e: unknown) => e instanceof Refused;

/** An in-memory watchlist server with the contract's rules (idempotent add/remove, permutation order). */
function fakeServer(initial: string[] = [], known = new Set(['7203', '6758', '9984', '8306', '285A', 'BTCJPY'])) {
  const state = { codes: [...initial], calls: [] as string[], offline: false, max: 200 };
  const guard = (name: string) => {
    if (state.offline) throw new Offline(name);
    state.calls.push(name);
  };
  const server: WatchlistServer = {
    list: async () => {
      guard('list');
      return [...state.codes];
    },
    add: async (code) => {
      guard(`add ${code}`);
      if (!known.has(code)) throw new Refused('product_not_found');
      if (!state.codes.includes(code)) {
        if (state.codes.length >= state.max) throw new Refused('watchlist_full');
        state.codes.push(code);
      }
      return [...state.codes];
    },
    remove: async (code) => {
      guard(`remove ${code}`);
      state.codes = state.codes.filter((c) => c !== code);
      return [...state.codes];
    },
    order: async (codes) => {
      guard(`order ${codes.join(',')}`);
      if (codes.length !== state.codes.length || [...codes].sort().join() !== [...state.codes].sort().join()) throw new Refused('invalid_request');
      state.codes = [...codes];
      return [...state.codes];
    },
  };
  return { server, state };
}

describe('queued watchlist edits (pure)', () => {
  it('applies adds, removes and reorders in order', () => {
    expect(
      applyOps(
        ['7203', '6758'],
        [
          { kind: 'add', code: '9984' },
          { kind: 'add', code: '7203' }, // already there: no change
          { kind: 'remove', code: '6758' },
          { kind: 'order', codes: ['9984', '7203'] },
        ],
      ),
    ).toEqual(['9984', '7203']);
  });

  it('makes a reorder a permutation of the list it meets', () => {
    expect(reconcileOrder(['C', 'X', 'A', 'C'], ['A', 'B', 'C'])).toEqual(['C', 'A', 'B']);
    expect(reconcileOrder([], ['A', 'B'])).toEqual(['A', 'B']);
    expect(reconcileOrder(['A', 'B'], [])).toEqual([]);
  });

  it('folds consecutive reorders into the last one', () => {
    const ops = appendOp(appendOp([{ kind: 'add', code: 'A' }], { kind: 'order', codes: ['A', 'B'] }), { kind: 'order', codes: ['B', 'A'] });
    expect(ops).toEqual([
      { kind: 'add', code: 'A' },
      { kind: 'order', codes: ['B', 'A'] },
    ]);
    expect(appendOp(ops, { kind: 'remove', code: 'A' })).toHaveLength(3);
  });

  it('moves a code up and down within bounds', () => {
    expect(moveCode(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moveCode(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moveCode(['A', 'B', 'C'], 'A', -1)).toEqual(['A', 'B', 'C']);
    expect(moveCode(['A', 'B', 'C'], 'C', 1)).toEqual(['A', 'B', 'C']);
    expect(moveCode(['A', 'B', 'C'], 'Z', 1)).toEqual(['A', 'B', 'C']);
  });
});

describe('the persisted queue', () => {
  it('survives a reload, per account, and ignores junk in storage', () => {
    const store = memoryJsonStore();
    let account: string | null = 'u1';
    const q = new WatchlistQueue(store, () => account);
    q.push({ kind: 'add', code: '7203' });
    q.push({ kind: 'remove', code: '6758' });
    const again = new WatchlistQueue(store, () => account);
    expect(again.ops()).toEqual([
      { kind: 'add', code: '7203' },
      { kind: 'remove', code: '6758' },
    ]);
    account = 'u2';
    again.reload();
    expect(again.ops()).toEqual([]);
    store.set(`${QUEUE_KEY_PREFIX}:u3`, [{ kind: 'add', code: 1 }, { kind: 'order', codes: ['A'] }, 'x', null]);
    account = 'u3';
    again.reload();
    expect(again.ops()).toEqual([{ kind: 'order', codes: ['A'] }]);
    account = null; // signed out: nothing is queued or shown
    again.reload();
    again.push({ kind: 'add', code: 'A' });
    expect(again.ops()).toEqual([]);
  });

  it('returns a stable snapshot until it changes and notifies subscribers', () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const a = q.ops();
    expect(q.ops()).toBe(a);
    let n = 0;
    const off = q.subscribe(() => n++);
    q.push({ kind: 'add', code: 'A' });
    expect(q.ops()).not.toBe(a);
    expect(n).toBe(1);
    off();
    q.push({ kind: 'add', code: 'B' });
    expect(n).toBe(1);
  });
});

describe('replaying the queue', () => {
  it('replays offline edits in order once back online', async () => {
    const store = memoryJsonStore();
    const q = new WatchlistQueue(store, () => 'u');
    const { server, state } = fakeServer(['7203']);
    // Made offline:
    state.offline = true;
    q.push({ kind: 'add', code: '6758' });
    q.push({ kind: 'add', code: '9984' });
    q.push({ kind: 'order', codes: ['9984', '7203', '6758'] });
    q.push({ kind: 'remove', code: '7203' });
    const first = await flushQueue(q, server, isRefusal);
    expect(first).toMatchObject({ replayed: 0, stopped: true });
    expect(q.ops()).toHaveLength(4);
    // The screen showed this meanwhile:
    expect(applyOps(['7203'], q.ops())).toEqual(['9984', '6758']);

    state.offline = false;
    const steps: string[][] = [];
    const done = await flushQueue(q, server, isRefusal, (codes) => steps.push(codes));
    expect(done).toMatchObject({ replayed: 4, stopped: false, dropped: [] });
    expect(state.codes).toEqual(['9984', '6758']);
    expect(done.codes).toEqual(['9984', '6758']);
    expect(steps).toHaveLength(4);
    expect(q.ops()).toEqual([]);
    expect(store.data.size).toBe(0);
    expect(state.calls).toEqual(['add 6758', 'add 9984', 'order 9984,7203,6758', 'remove 7203']);
  });

  it('reconciles a reorder with changes made elsewhere meanwhile', async () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const { server, state } = fakeServer(['7203', '6758', '9984']);
    q.push({ kind: 'order', codes: ['9984', '6758', '7203'] });
    // Another device removed 6758 and added 8306.
    state.codes = ['7203', '9984', '8306'];
    const r = await flushQueue(q, server, isRefusal);
    expect(r.stopped).toBe(false);
    expect(state.codes).toEqual(['9984', '7203', '8306']);
    expect(state.calls).toEqual(['list', 'order 9984,7203,8306']);
  });

  it('skips a reorder that changes nothing', async () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const { server, state } = fakeServer(['A1']);
    q.push({ kind: 'order', codes: ['A1'] });
    await flushQueue(q, server, isRefusal);
    expect(state.calls).toEqual(['list']);
    expect(q.ops()).toEqual([]);
  });

  it('drops edits the server refuses and goes on', async () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const { server, state } = fakeServer([]);
    q.push({ kind: 'add', code: 'NOPE' });
    q.push({ kind: 'add', code: '7203' });
    const r = await flushQueue(q, server, isRefusal);
    expect(r.dropped).toEqual([{ kind: 'add', code: 'NOPE' }]);
    expect(r.replayed).toBe(1);
    expect(state.codes).toEqual(['7203']);
    expect(q.ops()).toEqual([]);
  });

  it('stops at a transport failure and resumes where it stopped', async () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const { server, state } = fakeServer([]);
    q.push({ kind: 'add', code: '7203' });
    q.push({ kind: 'add', code: '6758' });
    let failNext = true;
    const flaky: WatchlistServer = {
      ...server,
      add: async (code) => {
        if (code === '6758' && failNext) {
          failNext = false;
          throw new Offline('dropped');
        }
        return server.add(code);
      },
    };
    const r1 = await flushQueue(q, flaky, isRefusal);
    expect(r1).toMatchObject({ replayed: 1, stopped: true });
    expect(q.ops()).toEqual([{ kind: 'add', code: '6758' }]);
    const r2 = await flushQueue(q, flaky, isRefusal);
    expect(r2).toMatchObject({ replayed: 1, stopped: false });
    expect(state.codes).toEqual(['7203', '6758']);
  });

  it('keeps a reorder made while the previous reorder was being sent', async () => {
    const q = new WatchlistQueue(memoryJsonStore(), () => 'u');
    const { server, state } = fakeServer(['A1', 'B1', 'C1'], new Set(['A1', 'B1', 'C1']));
    q.push({ kind: 'order', codes: ['B1', 'A1', 'C1'] });
    const slow: WatchlistServer = {
      ...server,
      order: async (codes) => {
        const out = await server.order(codes);
        if (state.calls.filter((c) => c.startsWith('order')).length === 1) {
          // The user reorders again while the first reorder is in flight: folded into it.
          q.push({ kind: 'order', codes: ['C1', 'B1', 'A1'] });
        }
        return out;
      },
    };
    await flushQueue(q, slow, isRefusal);
    expect(state.codes).toEqual(['C1', 'B1', 'A1']);
    expect(q.ops()).toEqual([]);
  });
});
