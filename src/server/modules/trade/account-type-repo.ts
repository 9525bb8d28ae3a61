/**
 * The user's account types as the order and the close need them (docs/domain.md "Account types and
 * NISA"), read by table name in the command's transaction (decision 022: a hot read of another
 * area's tables, owned by modules/tax-account). No tax_account row means 特定口座 with withholding,
 * the one implicit account before issue 38.
 */
import type { Executor } from '../../db/executor';
import { statement } from '../../db/compiled-statement';

export interface AccountSettings {
  /** The user has a 特定口座 (else 一般 only). */
  specific: boolean;
  /** 源泉徴収あり. */
  withholding: boolean;
  /** The user's latest NISA application is approved. */
  nisa: boolean;
}

// One statement, compiled once per database (it is on every order's path: db/compiled-statement.ts):
// the tax_account row's two flags and the latest NISA review, as scalar subqueries.
const settingsRow = statement(
  (db, userId: string) =>
    db.selectNoFrom((eb) => [
      eb.selectFrom('tax_account').select('specific').where('user_id', '=', userId).as('specific'),
      eb.selectFrom('tax_account').select('withholding').where('user_id', '=', userId).as('withholding'),
      eb
        .selectFrom('nisa_application')
        .select('review_status')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .as('nisa'),
    ]),
  1,
);

export async function accountSettings(db: Executor, userId: string): Promise<AccountSettings> {
  const row = (await settingsRow(db, userId)).rows[0];
  const hasRow = row?.specific !== null && row?.specific !== undefined;
  return {
    specific: hasRow ? Number(row.specific) === 1 : true,
    withholding: hasRow ? Number(row.specific) === 1 && Number(row.withholding) === 1 : true,
    nisa: row?.nisa === 'approved',
  };
}
