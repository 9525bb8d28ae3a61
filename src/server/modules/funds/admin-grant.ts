import type { Database } from '../../db/database';
import type { Ledger } from '../../ledger';
import { HOUSE } from '../../ledger';
import type { AuthUser } from '../../http/env';
import { forbidden, notFound } from '../../errors';
import type { AuditLog } from '../admin/audit';
import * as users from '../account/repo';
import { lockCash } from '../trade/postings';
import type { Currency } from '../../../shared/money';

export interface GrantInput {
  currency: string;
  amount: number;
  reason: string;
}

/**
 * Test funds until deposits exist (DESIGN.md §4/§5): a journaled entry from the house's demo_grant
 * account, with the reason as its memo so the user sees why, and an audit row in the same
 * transaction. Idempotent per admin and key, like every money command.
 */
export class AdminGrants {
  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
  ) {}

  async grant(admin: AuthUser, userId: string, input: GrantInput, key: string) {
    // As with account states: an admin does not fund their own account.
    if (userId === admin.id) throw forbidden('forbidden', { field: 'id' });
    const currency = input.currency as Currency;
    return this.ledger.withIdempotency(`admin:${admin.id}`, key, { op: 'admin.grant', userId, ...input }, async (trx) => {
      if (!(await users.findById(trx, userId))) throw notFound('user_not_found');
      await lockCash(trx, this.database.caps, userId, currency);
      const entry = await this.ledger.post(trx, {
        kind: 'admin_grant', userId, refType: 'admin', refId: admin.id, memo: input.reason,
        postings: [
          { owner: HOUSE, currency, kind: 'demo_grant', amount: -input.amount },
          { owner: userId, currency, kind: 'cash', amount: input.amount },
        ],
      });
      await this.audit.record(trx, {
        adminId: admin.id, action: 'user.grant', target: userId, reason: input.reason,
        detail: { currency, amount: input.amount, entryId: entry.id },
      });
      const cash = await this.ledger.balance(userId, currency, 'cash', trx);
      return { entryId: entry.id, userId, currency, amount: input.amount, cash };
    });
  }
}
