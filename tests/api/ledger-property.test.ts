import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uuidv7 } from 'uuidv7';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/db';
import { ManualClock } from '../../src/server/clock';
import { DomainError } from '../../src/server/errors';
import { HOUSE, Ledger, type PostingInput } from '../../src/server/ledger';
import type { Currency } from '../../src/shared/money';

/*
 * Random command sequences against the ledger and a tiny in-memory model. Each run uses fresh
 * user ids on one shared database (migrating a database per run would dominate the runtime), so
 * the house is compared by its change since the start of the run.
 */

const USERS = 3;
const CURRENCIES: Currency[] = ['JPY', 'USD'];

type Op =
  | { t: 'grant'; u: number; c: number; a: number }
  | { t: 'transfer'; u: number; to: number; c: number; a: number }
  | { t: 'freeze'; u: number; c: number; a: number }
  | { t: 'unfreeze'; u: number; c: number; a: number }
  | { t: 'withdrawPaid'; u: number; c: number; a: number }
  | { t: 'fee'; u: number; c: number; a: number }
  | { t: 'exchange'; u: number; a: number; b: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const cur = fc.integer({ min: 0, max: CURRENCIES.length - 1 });
const amt = fc.integer({ min: 1, max: 3000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('grant' as const), u: user, c: cur, a: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ t: fc.constant('transfer' as const), u: user, to: user, c: cur, a: amt }),
  fc.record({ t: fc.constant('freeze' as const), u: user, c: cur, a: amt }),
  fc.record({ t: fc.constant('unfreeze' as const), u: user, c: cur, a: amt }),
  fc.record({ t: fc.constant('withdrawPaid' as const), u: user, c: cur, a: amt }),
  fc.record({ t: fc.constant('fee' as const), u: user, c: cur, a: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ t: fc.constant('exchange' as const), u: user, a: amt, b: amt }),
);

function postingsOf(op: Op, ids: string[]): PostingInput[] {
  const u = ids[op.u]!;
  if (op.t === 'exchange') {
    // JPY cash -> house fx (JPY); house fx (USD) -> USD cash: balanced per currency, 4 postings
    return [
      { owner: u, currency: 'JPY', kind: 'cash', amount: -op.a },
      { owner: HOUSE, currency: 'JPY', kind: 'fx', amount: op.a },
      { owner: HOUSE, currency: 'USD', kind: 'fx', amount: -op.b },
      { owner: u, currency: 'USD', kind: 'cash', amount: op.b },
    ];
  }
  const c = CURRENCIES[op.c]!;
  const a = op.a;
  switch (op.t) {
    case 'grant':
      return [{ owner: HOUSE, currency: c, kind: 'demo_grant', amount: -a }, { owner: u, currency: c, kind: 'cash', amount: a }];
    case 'transfer': {
      const to = ids[op.to === op.u ? (op.u + 1) % USERS : op.to]!;
      return [{ owner: u, currency: c, kind: 'cash', amount: -a }, { owner: to, currency: c, kind: 'cash', amount: a }];
    }
    case 'freeze':
      return [{ owner: u, currency: c, kind: 'cash', amount: -a }, { owner: u, currency: c, kind: 'frozen', amount: a }];
    case 'unfreeze':
      return [{ owner: u, currency: c, kind: 'frozen', amount: -a }, { owner: u, currency: c, kind: 'cash', amount: a }];
    case 'withdrawPaid':
      return [{ owner: u, currency: c, kind: 'frozen', amount: -a }, { owner: HOUSE, currency: c, kind: 'bank_clearing', amount: a }];
    case 'fee':
      return [{ owner: u, currency: c, kind: 'cash', amount: -a }, { owner: HOUSE, currency: c, kind: 'fee_income', amount: a }];
  }
}

type Snapshot = Map<string, number>; // "owner|currency|kind" -> amount (zero entries omitted)
const keyOf = (p: { owner: string; currency: string; kind: string }) => `${p.owner}|${p.currency}|${p.kind}`;

/** The model: apply if no user cash-like balance would go negative, else reject unchanged. */
function applyModel(model: Snapshot, postings: PostingInput[]): boolean {
  const next = new Map(model);
  for (const p of postings) next.set(keyOf(p), (next.get(keyOf(p)) ?? 0) + p.amount);
  for (const p of postings) {
    if (p.owner !== HOUSE && p.kind !== 'loan' && next.get(keyOf(p))! < 0) return false;
  }
  model.clear();
  for (const [k, v] of next) if (v !== 0) model.set(k, v);
  return true;
}

async function snapshot(t: TestDatabase, owners: string[]): Promise<Snapshot> {
  const rows = await t.database.db
    .selectFrom('balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
    .select(['ledger_account.owner', 'ledger_account.currency', 'ledger_account.kind', 'balance.amount'])
    .where('ledger_account.owner', 'in', owners)
    .execute();
  const s: Snapshot = new Map();
  for (const r of rows) if (r.amount !== 0) s.set(keyOf(r), r.amount);
  return s;
}

/** House balances minus the run's starting house balances, so the model can start from zero. */
function relative(s: Snapshot, houseStart: Snapshot): Snapshot {
  const out: Snapshot = new Map();
  for (const k of new Set([...s.keys(), ...houseStart.keys()])) {
    const v = (s.get(k) ?? 0) - (houseStart.get(k) ?? 0);
    if (v !== 0) out.set(k, v);
  }
  return out;
}

async function globalInvariants(t: TestDatabase) {
  const db = t.database.db;
  // Σ postings per currency = 0
  const sums = await db.selectFrom('posting').select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')]).groupBy('currency').execute();
  for (const r of sums) expect(Number(r.total), r.currency).toBe(0);
  // each balance row = Σ of its postings
  const mismatched = await db
    .selectFrom('balance')
    .leftJoin(
      (eb) => eb.selectFrom('posting').select(['account_id', (e) => e.fn.sum<number>('amount').as('total')]).groupBy('account_id').as('p'),
      (join) => join.onRef('p.account_id', '=', 'balance.account_id'),
    )
    .select(['balance.account_id', 'balance.amount', 'p.total'])
    .execute();
  for (const r of mismatched) expect(Number(r.total ?? 0), r.account_id).toBe(r.amount);
  // every floor-zero balance ≥ 0
  const negative = await db.selectFrom('balance').select('account_id').where('floor_zero', '=', 1).where('amount', '<', 0).execute();
  expect(negative).toEqual([]);
}

async function entryCount(t: TestDatabase): Promise<number> {
  const r = await t.database.db.selectFrom('journal_entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

for (const dialect of testDialects()) {
  describe(`ledger properties (${dialect})`, () => {
    let t: TestDatabase;
    let ledger: Ledger;
    const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      ledger = new Ledger(t.database, clock);
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('random command sequences keep the books balanced and match the model', async () => {
      let failures = 0;
      let successes = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
          const ids = Array.from({ length: USERS }, () => uuidv7());
          const owners = [...ids, HOUSE];
          const houseStart = await snapshot(t, [HOUSE]);
          const model: Snapshot = new Map();
          for (const op of ops) {
            clock.advance(1);
            const postings = postingsOf(op, ids);
            const before = await snapshot(t, owners);
            const entriesBefore = await entryCount(t);
            const expectOk = applyModel(model, postings);
            let error: unknown = null;
            try {
              await ledger.transact((trx) => ledger.post(trx, { kind: op.t, userId: ids[op.u]!, memo: '', postings }));
            } catch (e) {
              error = e;
            }
            const after = await snapshot(t, owners);
            if (expectOk) {
              expect(error).toBeNull();
              successes++;
            } else {
              expect(error).toBeInstanceOf(DomainError);
              expect(error).toMatchObject({ kind: 'rule', messageId: 'balance_insufficient' });
              // a failed op changes no balance and writes no entry
              expect(after).toEqual(before);
              expect(await entryCount(t)).toBe(entriesBefore);
              failures++;
            }
            expect(relative(after, houseStart)).toEqual(model);
          }
          await globalInvariants(t);
        }),
        { numRuns: dialect === 'postgres' ? 100 : 150 },
      );
      // the generator must exercise both outcomes
      expect(failures).toBeGreaterThan(50);
      expect(successes).toBeGreaterThan(50);
    }, 300_000);
  });
}
