import type { Database } from '../../db/database';
import { lockWallet, moneyCommand, noteShortfall, Postings, type Ledger } from '../../ledger';
import type { AuthUser } from '../../auth/principal';
import type { Clock } from '../../clock';
import { forbidden, notFound } from '../../errors';
import type { AuditLog } from '../../platform/audit';
import { accountExists } from '../account';
import type { Currency } from '../../../shared/money';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';

export interface GrantInput {
  currency: string;
  amount: number;
  reason: string;
}

/**
 * Test funds until deposits exist (docs/architecture.md "Runtime modes"): a journaled entry from the house's demo_grant
 * account, with the reason as its memo so the user sees why, and an audit row in the same
 * transaction. Idempotent per admin and key, like every money command.
 */
export class AdminGrants {
  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  grant(admin: AuthUser, userId: string, input: GrantInput, key: string) {
    const currency = input.currency as Currency;
    return moneyCommand(this.ledger, {
      scope: `admin:${admin.id}`, key, op: 'admin.grant', request: { userId, ...input }, clock: this.clock,
      // As with account states: an admin does not fund their own account.
      guard: () => {
        if (userId === admin.id) throw forbidden('forbidden', { field: 'id' });
      },
      run: async ({ trx }) => {
        if (!(await accountExists(trx, userId))) throw notFound('user_not_found');
        // Like every credit, a grant repays a shortfall first (docs/decisions/009-trading-money-conventions.md).
        const p = new Postings(userId, currency, await lockWallet(trx, this.database.caps, userId, currency));
        p.house('demo_grant', -input.amount);
        p.credit('cash', input.amount);
        const entry = await this.ledger.post(trx, {
          kind: 'admin_grant', userId, refType: 'admin', refId: admin.id,
          memo: encodeMemo({ id: 'memo_admin_grant', params: { reason: input.reason } }),
          postings: p.list,
        });
        await noteShortfall(trx, p, this.clock.now());
        await this.audit.record(trx, {
          adminId: admin.id, action: 'user.grant', target: userId, reason: input.reason,
          detail: { currency, amount: input.amount, entryId: entry.id },
        });
        const cash = await this.ledger.balance(userId, currency, 'cash', trx);
        return { entryId: entry.id, userId, currency, amount: input.amount, cash };
      },
    });
  }
}
