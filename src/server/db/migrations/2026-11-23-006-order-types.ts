import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Stop orders (逆指値), validity, OCO closes and IFD / IFDOCO (docs/domain.md "Trading"): the
 * trigger of an order or close request and the instant it was reached; how long the order was placed
 * for (`expires_at` / `close_expires_at` keep the instant it lapses); a close's stop-loss leg; the
 * close an opening order places when it fills.
 */
export function orderTypes(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [name, type] of [
        ['trigger_price', 'bigint'],
        ['triggered_at', 'bigint'],
        ['close_trigger_price', 'bigint'],
        ['close_triggered_at', 'bigint'],
        ['validity', 'text'],
        // OCO close: the stop-loss leg beside the close's limit (whichever is reached first closes).
        ['close_stop_price', 'bigint'],
        // IFD / IFDOCO: the close request placed when this order fills (JSON of a close body).
        ['then_close', 'text'],
        // 執行条件: 'open' (寄付), 'close' (引け), 'funari' (不成); null = none.
        ['exec_condition', 'text'],
      ] as const) {
        await db.schema.alterTable('trade_position').addColumn(name, type).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const name of ['exec_condition', 'then_close', 'close_stop_price', 'validity', 'close_triggered_at', 'close_trigger_price', 'triggered_at', 'trigger_price']) {
        await db.schema.alterTable('trade_position').dropColumn(name).execute();
      }
    },
  };
}
