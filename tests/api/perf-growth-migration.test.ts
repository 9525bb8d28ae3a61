import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { migrator, openFresh } from '../support/migrations';

/*
 * Migration 2026-11-26-001 (docs/decisions/019-flat-with-data.md) on a database that already has
 * positions: the running realized total starts as the sum over each user's closed and ended
 * positions (P/L − fees − interest − tax), open and cancelled ones add nothing.
 */
const BEFORE = '2026-11-25-013-deposit-addresses';

for (const dialect of testDialects()) {
  describe(`migration 2026-11-26-001 backfills realized P/L (${dialect})`, () => {
    it('sums each user’s closed positions', async () => {
      const { database, dispose } = await openFresh(dialect);
      try {
        const m = migrator(database);
        const first = await m.migrateTo(BEFORE);
        expect(first.error).toBeUndefined();
        const db = database.db as any;
        for (const id of ['u1', 'u2', 'u3']) {
          await db.insertInto('users').values({ id, phone: `0900000000${id.slice(1)}`, password_hash: 'x', invite_code: `I${id}`, created_at: 1, updated_at: 1 }).execute();
        }
        const base = {
          code: '7203', business_type: 'stock', direction: 'up', price_type: 'market', currency: 'JPY', price_scale: 10, quantity: 100,
          leverage_x10: 10, placed_at: 1, updated_at: 5, principal: 0,
        };
        const rows = [
          { id: 'p1', user_id: 'u1', status: 'closed', pnl: 5_000, open_fee: 55, close_fee: 99, interest: 10, tax: 1_000 },
          { id: 'p2', user_id: 'u1', status: 'ended', pnl: -2_000, open_fee: 0, close_fee: 0, interest: 3, tax: -400 },
          { id: 'p3', user_id: 'u1', status: 'holding', pnl: null, open_fee: 55, close_fee: 0, interest: 7, tax: 0 },
          { id: 'p4', user_id: 'u2', status: 'cancelled', pnl: null, open_fee: 0, close_fee: 0, interest: 0, tax: 0 },
          { id: 'p5', user_id: 'u3', status: 'closed', pnl: null, open_fee: 20, close_fee: 0, interest: 0, tax: 0 },
        ];
        for (const r of rows) await db.insertInto('trade_position').values({ ...base, ...r }).execute();
        const rest = await m.migrateToLatest();
        expect(rest.error).toBeUndefined();
        const realized = await db.selectFrom('trade_realized').select(['user_id', 'amount']).orderBy('user_id').execute();
        expect(realized.map((r: { user_id: string; amount: number }) => ({ user_id: r.user_id, amount: Number(r.amount) }))).toEqual([
          { user_id: 'u1', amount: 5_000 - 55 - 99 - 10 - 1_000 + (-2_000 - 3 + 400) },
          { user_id: 'u3', amount: -20 },
        ]);
      } finally {
        await dispose();
      }
    });
  });
}
