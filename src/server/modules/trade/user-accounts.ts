/**
 * The account types a user has (docs/domain.md "Account types and NISA"), read as trade's orders read
 * them, for the areas whose orders need the same answer (fund orders, 積立 plans): one rule, one read.
 */
import type { Executor } from '../../db/executor';
import type { AccountType } from '../../../shared/domain/account-type';
import { accountsOf } from './account-rules';
import { accountSettings } from './account-type-repo';

export async function userAccounts(db: Executor, userId: string): Promise<AccountType[]> {
  return accountsOf(await accountSettings(db, userId));
}
