/**
 * SQL of the strategies area over its own tables (tables.ts). The older queries still live in
 * service.ts; new ones come here.
 */
import type { SDB } from './tables';

/** Money reserved by subscriptions not yet struck (they become the fund's at the next strike). */
export async function pendingAmount(db: SDB, fundId: string): Promise<number> {
  const rows = await db.selectFrom('strategy_holding').select('amount').where('fund_id', '=', fundId).where('status', '=', 'pending').execute();
  return rows.reduce((a, r) => a + r.amount, 0);
}

/** The units of each holding whose redemption is asked and not yet paid. */
export async function redeemingUnits(db: SDB, fundId: string): Promise<number[]> {
  const rows = await db.selectFrom('strategy_holding').select('units').where('fund_id', '=', fundId).where('status', '=', 'redeeming').execute();
  return rows.map((r) => r.units);
}

/** A holding's units after the day's fee and the running fee remainder (rules.ts feeUnitsFor). */
export async function setHoldingFee(db: SDB, id: string, units: number, carry: number, now: number): Promise<void> {
  await db.updateTable('strategy_holding').set({ units, fee_carry: carry, updated_at: now }).where('id', '=', id).execute();
}
