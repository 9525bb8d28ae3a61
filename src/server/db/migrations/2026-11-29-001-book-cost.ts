import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * 取得価額 by 総平均法 (docs/decisions/011-selling-a-holding.md, docs/domain.md "取得価額", issue 35):
 * `book_cost` is each held cash row's share of its holding's 取得価額 (yen, buy fees included).
 * Backfill: per user and stock, the held cash rows (1× long, not a day trade) share their total
 * purchase cost in proportion to their shares, the leftover yen on the last row (the same spread
 * as modules/trade/book-cost-rules.ts, restated here: a migration never changes with the code).
 * Closed rows and margin rows stay null (their gains were taxed already / a 建玉 stands alone).
 */
export function bookCost(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('trade_position').addColumn('book_cost', 'bigint').execute();
      const rows: { id: string; user_id: string; code: string; quantity: number | string; contract_value: number | string; open_fee: number | string }[] = await db
        .selectFrom('trade_position')
        .select(['id', 'user_id', 'code', 'quantity', 'contract_value', 'open_fee'])
        .where('status', 'in', ['in_progress', 'holding', 'closing'])
        .where('direction', '=', 'up')
        .where('leverage_x10', '<=', 10)
        .where('day_trade', '=', 0)
        .where('contract_value', 'is not', null)
        .orderBy('id')
        .execute();
      const groups = new Map<string, typeof rows>();
      for (const r of rows) {
        const k = `${r.user_id}\u0000${r.code}`;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      for (const group of groups.values()) {
        const total = group.reduce((a, r) => a + BigInt(r.contract_value) + BigInt(r.open_fee), 0n);
        const shares = group.reduce((a, r) => a + BigInt(r.quantity), 0n);
        let left = total;
        for (const [i, r] of group.entries()) {
          const part = i === group.length - 1 || shares === 0n ? left : (total * BigInt(r.quantity)) / shares;
          left -= part;
          await db.updateTable('trade_position').set({ book_cost: Number(part) }).where('id', '=', r.id).execute();
        }
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('trade_position').dropColumn('book_cost').execute();
    },
  };
}
