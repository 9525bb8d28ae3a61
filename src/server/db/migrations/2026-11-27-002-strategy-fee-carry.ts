import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * A fund holding's management fee accrues per calendar day on the cumulative basis, as loan
 * interest and the lending fee do (docs/decisions/016-strategy-funds.md, "Follow-up: what a fund
 * can invest"): `fee_carry` keeps the running total's remainder below one unit (unit × bp × days,
 * under 10,000 × 365), so the units taken are the rounded-down total of all that accrued.
 */
export function strategyFeeCarry(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('strategy_holding').addColumn('fee_carry', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('strategy_holding').dropColumn('fee_carry').execute();
    },
  };
}
