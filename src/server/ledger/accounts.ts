import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../db/schema';
import type { Currency } from '../../shared/money';
import { perDatabase, statementByShape } from '../db/compiled-statement';
import { Lru } from '../platform/lru';
import { transactionRoot } from '../db/commit-group';

/** Account ids kept per database: ~ three per active user and currency (docs/decisions/018-request-path-performance.md). */
const KNOWN_ACCOUNTS_MAX = 50_000;

/**
 * Account ids already committed, by key. An account, once committed, keeps its id for good
 * (ledger_account rows are never updated or deleted), so a command that knows the ids of its
 * postings' accounts skips the lookup. Only ids a SELECT found and that the reading transaction
 * did not create itself are kept: those were committed by someone (a SELECT sees only committed
 * rows and its own), so a rollback can never leave an id here that the database does not have.
 */
const knownAccounts = perDatabase(() => new Lru<string, string>(KNOWN_ACCOUNTS_MAX));
/**
 * The keys each transaction created (not committed yet: not to be kept while it is open). Keyed by
 * the transaction itself, so on SQLite a commit group's commands share one set: a later command
 * can see an earlier one's uncommitted account, which must not be kept either (db/commit-group.ts).
 */
const createdIn = new WeakMap<object, Set<string>>();

/*
 * Sign convention (docs/architecture.md "The money model"). A balance is the plain sum of its postings, and every entry
 * sums to zero per currency, so all balances of a currency sum to zero too. Amounts are read from
 * the OWNER's point of view: positive = value the owner holds, negative = value the owner owes or
 * has paid out.
 *   user cash / frozen / margin  ≥ 0  money the user holds (floor_zero: never negative)
 *   user unsettled               ≥ 0  sale proceeds until settlement (T+2): usable to buy, not to withdraw
 *   user loan                    ≤ 0  in practice: −(amount owed); borrowing 1,000 posts
 *                                     loan −1,000 / cash +1,000, repaying reverses it (credit-line loans)
 *   user shortfall               ≤ 0  不足金: a trading loss or charge beyond what the user holds,
 *                                     −(amount owed); every later credit repays it first
 *   house accounts               the mirror of what users hold, so they carry either sign:
 *     bank_clearing / wallet_clearing  deposit: clearing −a / cash +a; paid withdrawal: frozen −a / clearing +a
 *     demo_grant                        grant:   demo_grant −a / cash +a
 *     fee_income / tax_payable / interest_income  charge: cash −a / income +a (positive = earned / withheld)
 *     market_counterparty               buy: margin or cash −a / counterparty +a
 *     fx                                one per currency; conversion posts both currencies through it
 *     fx_spread_income                  exchange: the spread kept, in the target currency (+ = earned)
 *     dividend_clearing                 dividends paid to holders (−) and received from shorts (+)
 *     lending_fee_expense               貸株: fees and 配当金相当額 paid to lenders (−)
 *     trust_settlement                  投資信託: purchases paid to the trustee (+), 解約代金 and distributions received from it (−)
 * A user's equity in a currency is cash + frozen + margin + unsettled + loan + shortfall.
 */

export const USER_ACCOUNT_KINDS = ['cash', 'frozen', 'margin', 'unsettled', 'loan', 'shortfall'] as const;
export const HOUSE_ACCOUNT_KINDS = [
  'bank_clearing',
  'wallet_clearing',
  'fee_income',
  'tax_payable',
  'interest_income',
  'market_counterparty',
  'fx',
  'fx_spread_income',
  'demo_grant',
  'dividend_clearing',
  // stock lending pays the user a fee (and 配当金相当額): docs/domain.md "Loans and stock lending"
  'lending_fee_expense',
  // investment trusts pay and are paid through the trustee: docs/domain.md "Investment trusts and 積立"
  'trust_settlement',
] as const;

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | HouseAccountKind;

/** The owner of the operator's own accounts; every other owner is a user id. */
export const HOUSE = 'house';

export interface AccountKey {
  owner: string;
  currency: Currency;
  kind: AccountKind;
}

const userKinds: ReadonlySet<string> = new Set(USER_ACCOUNT_KINDS);
const houseKinds: ReadonlySet<string> = new Set(HOUSE_ACCOUNT_KINDS);

/** Throws (a programming bug, not a user error) when a kind is used with the wrong owner. */
export function checkAccountKey(key: AccountKey): void {
  if (typeof key.owner !== 'string' || key.owner === '') throw new Error('ledger: posting without an owner');
  const ok = key.owner === HOUSE ? houseKinds.has(key.kind) : userKinds.has(key.kind);
  if (!ok) throw new Error(`ledger: account kind ${String(key.kind)} is not valid for owner ${key.owner}`);
}

/** User cash-like balances never go negative; what a user owes (loan, shortfall) and the house's accounts may. */
export function isFloorZero(key: AccountKey): boolean {
  return key.owner !== HOUSE && key.kind !== 'loan' && key.kind !== 'shortfall';
}

export function accountKeyString(key: AccountKey): string {
  return `${key.owner}\u0000${key.currency}\u0000${key.kind}`;
}

/** The accounts of the given keys, one statement compiled per number of keys (db/compiled-statement.ts). */
const accountsOf = statementByShape(
  (keys: AccountKey[]) => String(keys.length),
  (db, standInsOf, keys) => {
    const standIns = standInsOf(keys.length * 3);
    const query = db
      .selectFrom('ledger_account')
      .select(['id', 'owner', 'currency', 'kind'])
      .where((eb) =>
        eb.or(
          keys.map((_, i) =>
            eb.and([
              eb('owner', '=', standIns[3 * i] as unknown as string),
              eb('currency', '=', standIns[3 * i + 1] as unknown as string),
              eb('kind', '=', standIns[3 * i + 2] as unknown as string),
            ]),
          ),
        ),
      );
    return { query, standIns, values: (ks) => ks.flatMap((k) => [k.owner, k.currency, k.kind]) };
  },
);

/**
 * Account ids for the given keys, creating missing accounts (and their balance rows) race-safely:
 * INSERT … ON CONFLICT DO NOTHING, then SELECT. On PostgreSQL a concurrent creator of the same key
 * makes the INSERT wait for its commit; keys are created in sorted order so two creators never wait
 * on each other in a cycle.
 */
export async function resolveAccounts(
  trx: Transaction<DB>,
  keys: AccountKey[],
  now: number,
): Promise<Map<string, string>> {
  const wanted = new Map<string, AccountKey>();
  for (const k of keys) wanted.set(accountKeyString(k), k);
  const ids = new Map<string, string>();

  const known = knownAccounts(trx);
  const unknown: AccountKey[] = [];
  for (const [s, k] of wanted) {
    const id = known.get(s);
    if (id === undefined) unknown.push(k);
    else ids.set(s, id);
  }
  if (unknown.length) {
    const created = createdIn.get(transactionRoot(trx));
    const { rows: existing } = await accountsOf(trx, unknown);
    for (const row of existing) {
      const s = accountKeyString({ owner: row.owner, currency: row.currency as Currency, kind: row.kind as AccountKind });
      ids.set(s, row.id);
      if (!created?.has(s)) known.set(s, row.id);
    }
  }

  const missing = [...wanted.entries()].filter(([s]) => !ids.has(s)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [s, key] of missing) {
    const inserted = await trx
      .insertInto('ledger_account')
      .values({ id: uuidv7(), owner: key.owner, currency: key.currency, kind: key.kind, created_at: now })
      .onConflict((oc) => oc.columns(['owner', 'currency', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      let created = createdIn.get(transactionRoot(trx));
      if (!created) createdIn.set(transactionRoot(trx), (created = new Set()));
      created.add(s);
      // Created together with its account, so a committed account always has its balance row.
      await trx
        .insertInto('balance')
        .values({
          account_id: inserted.id,
          currency: key.currency,
          amount: 0,
          floor_zero: isFloorZero(key) ? 1 : 0,
          version: 0,
          updated_at: now,
        })
        .execute();
      ids.set(s, inserted.id);
    } else {
      const row = await trx
        .selectFrom('ledger_account')
        .select('id')
        .where('owner', '=', key.owner)
        .where('currency', '=', key.currency)
        .where('kind', '=', key.kind)
        .executeTakeFirstOrThrow();
      ids.set(s, row.id);
    }
  }
  return ids;
}
