import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Currency } from '../../shared/money';
import { INCOME_KINDS } from '../../shared/domain/ledger-kinds';
import { HOUSE } from './accounts';

const incomeKinds: ReadonlySet<string> = new Set(INCOME_KINDS);

/**
 * Adds an income entry's change of each owner's equity (Σ the owner's postings per currency) to
 * their running total, in the entry's transaction. A running total rather than a sum over the
 * entries at each read, so funds/summary's cost does not grow with the history (docs/decisions/
 * 019-flat-with-data.md): loan interest and lending fees are an entry a day.
 */
export async function addIncome(trx: Transaction<DB>, kind: string, postings: readonly { owner: string; currency: string; amount: number }[], now: number): Promise<void> {
  if (!incomeKinds.has(kind)) return;
  const sums = new Map<string, { owner: string; currency: string; amount: number }>();
  for (const p of postings) {
    if (p.owner === HOUSE) continue;
    const key = `${p.owner}\u0000${p.currency}`;
    const s = sums.get(key) ?? { owner: p.owner, currency: p.currency, amount: 0 };
    s.amount += p.amount;
    sums.set(key, s);
  }
  for (const s of sums.values()) {
    if (s.amount === 0) continue;
    await trx
      .insertInto('ledger_income')
      .values({ owner: s.owner, currency: s.currency, amount: s.amount, updated_at: now })
      .onConflict((oc) => oc.columns(['owner', 'currency']).doUpdateSet({ amount: sql`ledger_income.amount + ${s.amount}`, updated_at: now }))
      .execute();
  }
}

/** The owner's income so far in `currency` (INCOME_KINDS: + received, − paid); 0 before any. */
export async function readIncome(db: Kysely<DB>, owner: string, currency: Currency): Promise<number> {
  const row = await db.selectFrom('ledger_income').select('amount').where('owner', '=', owner).where('currency', '=', currency).executeTakeFirst();
  return row ? Number(row.amount) : 0;
}
