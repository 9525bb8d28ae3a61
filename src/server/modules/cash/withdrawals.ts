import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { conflict, forbidden, notFound, ruleBroken } from '../../errors';
import { findShortfallNotice, lockWallet, moneyCommand, noteShortfall, Postings, type Ledger } from '../../ledger';
import type { AuditLog } from '../../platform/audit';
import { decideReview, pendingReview, type ReviewDecision } from '../../platform/review';
import { notify } from '../messaging';
import type { ConfigService } from '../config';
import { HOME_CURRENCY, type Currency } from '../../../shared/money';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import { withdrawableBreakdown, type WithdrawableBreakdown } from '../../../shared/domain/withdrawable';
import type { BankAccountType, WithdrawalAdminItem, WithdrawalStatus, WithdrawalView } from '../../../shared/api/cash';
import type { WalletNetwork } from '../../../shared/domain/wallet-address';
import * as repo from './withdrawals-repo';
import { amountAllowed, bankLabel, expectedArrival, walletLabel } from './withdrawals-rules';
import { openAt } from './hours';
import { heldUntil } from './rules';

/** What withdrawals need of the account area (its index.ts): the state guard and the fund password with its lockout. */
export interface FundGuard {
  assertCanMoveMoney(user: Pick<AuthUser, 'state'>): void;
  verifyFundPassword(userId: string, password: string): Promise<void>;
}

/** What withdrawals need of the identity check (the kyc module's index.ts). */
export interface VerifiedGuard {
  requireVerified(userId: string): Promise<unknown>;
}

/**
 * What withdrawals need of the lending area (its index.ts): the yen kept back as loan collateral —
 * the part of a loan the pledged holdings do not cover at the lending ratio (docs/domain.md
 * "Loans and stock lending"). Nothing about the credit score takes part.
 */
export interface LoanCollateral {
  collateralCash(userId: string, db?: Executor): Promise<number>;
}

export interface WithdrawInput {
  amount: number;
  bankAccountId?: string;
  walletId?: string;
  fundPassword: string;
}

/** Bank accounts receive yen; wallets receive USDT from the USDT balance — never a conversion on the way out. */
function currencyOf(input: Pick<WithdrawInput, 'walletId'>): Currency {
  return input.walletId !== undefined ? 'USDT' : HOME_CURRENCY;
}

function destinationView(r: repo.WithdrawalRow, d: repo.DestinationRow): WithdrawalView['destination'] {
  if (d.bank) return { type: 'bank', id: d.bank.id, label: bankLabel(d.bank) };
  if (d.wallet) return { type: 'wallet', id: d.wallet.id, label: walletLabel(d.wallet) };
  return { type: r.bank_account_id ? 'bank' : 'wallet', id: r.bank_account_id ?? r.wallet_id ?? '', label: '' };
}

function view(r: repo.WithdrawalRow, d: repo.DestinationRow): WithdrawalView {
  return {
    id: r.id,
    currency: r.currency,
    amount: r.amount,
    status: r.status as WithdrawalStatus,
    destination: destinationView(r, d),
    expectedOn: r.expected_on,
    createdAt: r.created_at,
    reviewedAt: r.reviewed_at,
    cancelledAt: r.cancelled_at,
    reason: r.review_reason,
  };
}

/**
 * Withdrawals (docs/domain.md "Withdrawals"): to the user's own bank account or wallet, frozen at
 * request, paid (frozen → clearing) or returned (frozen → cash) by an admin's review, cancellable
 * while pending. Every refusal names its rule; the withdrawable amount is the one rule of
 * src/shared/domain/withdrawable.ts, read under the user's lock so concurrent requests cannot
 * freeze the same yen twice (the ledger's floor-zero guard backs it).
 */
export class WithdrawalService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly config: ConfigService,
    private readonly account: FundGuard,
    private readonly identity: VerifiedGuard,
    /** The lending area's collateral (yen only); absent, nothing is kept back. */
    private readonly loans?: LoanCollateral,
  ) {}

  private async breakdown(userId: string, currency: Currency, db: Executor = this.database.db): Promise<WithdrawableBreakdown> {
    const b = (await this.ledger.balances(userId, db))[currency] ?? {};
    // Loans are in yen: the cash their collateral needs is kept back (withdrawable.ts `collateral`).
    const collateral = currency === HOME_CURRENCY && this.loans ? await this.loans.collateralCash(userId, db) : 0;
    return withdrawableBreakdown({ cash: b.cash ?? 0, frozen: b.frozen ?? 0, margin: b.margin ?? 0, unsettled: b.unsettled ?? 0, shortfall: b.shortfall ?? 0, collateral });
  }

  private async rulesNow(currency: Currency = HOME_CURRENCY) {
    const c = await this.config.values();
    const now = this.clock.now();
    const usdt = currency === 'USDT';
    return {
      min: usdt ? c.usdtWithdrawMin : c.withdrawMin,
      max: usdt ? c.usdtWithdrawMax : c.withdrawMax,
      hours: c.withdrawHours,
      weekdaysOnly: c.withdrawWeekdaysOnly,
      cutoff: c.withdrawCutoff,
      openNow: openAt(now, c.withdrawHours, c.withdrawWeekdaysOnly),
      expectedOn: expectedArrival(now, c.withdrawCutoff),
    };
  }

  async list(userId: string) {
    const db = this.database.db;
    const rows = await repo.ofUser(db, userId);
    const items = await Promise.all(rows.map(async (r) => view(r, await repo.destinationOf(db, r))));
    const [rules, usdtRules, breakdown, usdt] = await Promise.all([
      this.rulesNow(), this.rulesNow('USDT'), this.breakdown(userId, HOME_CURRENCY), this.breakdown(userId, 'USDT'),
    ]);
    return { items, rules, breakdown, usdt: { min: usdtRules.min, max: usdtRules.max, breakdown: usdt } };
  }

  withdraw(user: AuthUser, input: WithdrawInput, key: string): Promise<{ withdrawal: WithdrawalView }> {
    const userId = user.id;
    const currency = currencyOf(input);
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'cash.withdraw', clock: this.clock,
      // The password is part of the request only as "given": its hash is never stored with the key.
      request: { amount: input.amount, bankAccountId: input.bankAccountId ?? null, walletId: input.walletId ?? null },
      guardCountsAttempts: true,
      // Cheap stated rules first, the slow counted fund-password check last (docs/domain.md "Fund password").
      guard: async () => {
        this.account.assertCanMoveMoney(user);
        await this.identity.requireVerified(userId);
        const rules = await this.rulesNow(currency);
        if (!amountAllowed(input.amount, rules.min, rules.max)) throw ruleBroken('withdraw_amount_out_of_range', { min: rules.min, max: rules.max, currency });
        if (!rules.openNow) {
          const [start, end] = rules.hours.split('-');
          throw ruleBroken('withdraw_time_closed', { range: rules.hours, start: start!, end: end!, weekdaysOnly: String(rules.weekdaysOnly) });
        }
        await this.account.verifyFundPassword(userId, input.fundPassword);
      },
      prepare: async () => (await this.config.values()).withdrawCutoff,
      run: async ({ trx, now, prepared: cutoff }) => {
        // The yen wallet's lock first (every money command of the user takes it), then the USDT one.
        // A shortfall owed in yen blocks a USDT withdrawal too: it is owed before anything leaves.
        const yen = await lockWallet(trx, this.database.caps, userId, HOME_CURRENCY);
        const wallet = currency === HOME_CURRENCY ? yen : await lockWallet(trx, this.database.caps, userId, currency);
        for (const [c, w] of [[HOME_CURRENCY, yen], [currency, wallet]] as const) {
          if (w.shortfall < 0) {
            const notice = await findShortfallNotice(trx, userId, c);
            throw ruleBroken('withdraw_shortfall_owed', { amount: -w.shortfall, currency: c, dueOn: notice?.due_on ?? '' });
          }
        }
        if (await repo.hasPending(trx, userId)) throw conflict('withdraw_pending');
        const destination = await this.destinationFor(trx, userId, input, now);
        const { withdrawable, collateral } = await this.breakdown(userId, currency, trx);
        // Past the free cash only because of a loan's collateral: the loan is to be repaid first.
        if (input.amount > withdrawable && collateral > 0 && input.amount <= withdrawable + collateral) {
          throw ruleBroken('repay_loan_first', { amount: withdrawable, currency, collateral });
        }
        if (input.amount > withdrawable) throw ruleBroken('balance_insufficient_withdraw', { amount: withdrawable, currency });

        const row: repo.WithdrawalRow = {
          id: uuidv7(), user_id: userId, currency, amount: input.amount,
          bank_account_id: destination.bank?.id ?? null, wallet_id: destination.wallet?.id ?? null,
          status: 'pending', expected_on: expectedArrival(now, cutoff), created_at: now, cancelled_at: null,
          ...pendingReview(),
        };
        await repo.insert(trx, row);
        const label = destinationView(row, destination).label;
        await this.ledger.post(trx, {
          kind: 'withdrawal_request', userId, refType: 'withdrawal', refId: row.id,
          memo: encodeMemo({ id: 'memo_withdrawal_request', params: { destination: label, expectedOn: row.expected_on } }),
          postings: new Postings(userId, currency, wallet).own('cash', -input.amount).own('frozen', input.amount).list,
        });
        return { withdrawal: view(row, destination) };
      },
    });
  }

  /**
   * The user's own live destination of a request (another user's id answers like a missing one),
   * refused while the hold of a new destination lasts (docs/domain.md "Bank accounts and wallets").
   */
  private async destinationFor(trx: Executor, userId: string, input: WithdrawInput, now: number): Promise<repo.DestinationRow> {
    const bank = input.bankAccountId ? await repo.liveBankAccount(trx, userId, input.bankAccountId) : undefined;
    const wallet = input.walletId ? await repo.liveWallet(trx, userId, input.walletId) : undefined;
    const found = bank ?? wallet;
    if (!found) throw notFound('not_found');
    const held = heldUntil(found.usable_at, now);
    if (held !== null) throw ruleBroken('payout_destination_on_hold', { usableAt: held });
    return { bank: bank ?? null, wallet: wallet ?? null };
  }

  /** While pending the user may take the request back: frozen → cash (a shortfall is repaid first, as by any credit). */
  cancel(user: AuthUser, id: string, key: string): Promise<{ withdrawal: WithdrawalView }> {
    const userId = user.id;
    // No account-state guard: cancelling only returns the user's own reserved money.
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'cash.withdraw.cancel', request: { id }, clock: this.clock,
      run: async ({ trx, now }) => {
        const yen = await lockWallet(trx, this.database.caps, userId, HOME_CURRENCY);
        const row = await repo.findOwn(trx, userId, id);
        if (!row) throw notFound('not_found');
        const currency = row.currency as Currency;
        const wallet = currency === HOME_CURRENCY ? yen : await lockWallet(trx, this.database.caps, userId, currency);
        if (!(await repo.markCancelled(trx, id, now))) throw conflict('withdraw_not_pending');
        const p = new Postings(userId, currency, wallet).own('frozen', -row.amount);
        p.credit('cash', row.amount);
        await this.ledger.post(trx, {
          kind: 'withdrawal_cancelled', userId, refType: 'withdrawal', refId: id,
          memo: encodeMemo({ id: 'memo_withdrawal_cancelled', params: {} }), postings: p.list,
        });
        await noteShortfall(trx, p, now);
        const after = (await repo.findOwn(trx, userId, id))!;
        return { withdrawal: view(after, await repo.destinationOf(trx, after)) };
      },
    });
  }

  async queue(status: WithdrawalStatus, limit: number): Promise<{ items: WithdrawalAdminItem[] }> {
    const db = this.database.db;
    const rows = await repo.byStatus(db, status, limit);
    const items = await Promise.all(rows.map(async (r) => this.adminItem(db, r, r.phone)));
    return { items };
  }

  private async adminItem(db: Executor, r: repo.WithdrawalRow, phone: string): Promise<WithdrawalAdminItem> {
    const d = await repo.destinationOf(db, r);
    return {
      ...view(r, d),
      userId: r.user_id,
      phone,
      bank: d.bank
        ? {
            bankCode: d.bank.bank_code, bankName: d.bank.bank_name, branchCode: d.bank.branch_code, branchName: d.bank.branch_name,
            type: d.bank.type as BankAccountType, number: d.bank.number, holderKana: d.bank.holder_kana,
          }
        : null,
      wallet: d.wallet ? { network: d.wallet.network as WalletNetwork, address: d.wallet.address } : null,
      withdrawableNow: (await this.breakdown(r.user_id, r.currency as Currency, db)).withdrawable,
    };
  }

  /**
   * An admin's decision through the review workflow (platform/review.ts): approved → paid (frozen →
   * the house's bank or wallet clearing), rejected → returned (frozen → cash). The audit row, the
   * status and the posting commit together; a second decision gets `review_already_decided`, a
   * request its owner cancelled `withdraw_cancelled`.
   */
  decide(admin: AuthUser, id: string, decision: ReviewDecision, reason: string, key: string): Promise<{ withdrawal: WithdrawalAdminItem }> {
    return moneyCommand(this.ledger, {
      scope: `admin:${admin.id}`, key, op: `admin.withdrawal.${decision}`, request: { id, reason }, clock: this.clock,
      run: async ({ trx, now }) => {
        const found = await repo.find(trx, id);
        if (!found) throw notFound('not_found');
        if (found.user_id === admin.id) throw forbidden('forbidden', { field: 'id' });
        const userId = found.user_id;
        // The user's lock first, as every money command of theirs takes it (no lock cycle with a cancel).
        const wallet = await lockWallet(trx, this.database.caps, userId, found.currency as Currency);
        const row = (await repo.find(trx, id))!;
        if (row.status === 'cancelled') throw conflict('withdraw_cancelled');
        await decideReview(trx, this.audit, {
          table: 'cash_withdrawal', id, decision, reason, adminId: admin.id, now,
          action: decision === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
          target: userId,
          detail: { amount: row.amount, currency: row.currency },
        });
        const d = await repo.destinationOf(trx, row);
        const currency = row.currency as Currency;
        if (decision === 'approved') {
          await repo.setStatus(trx, id, 'paid');
          const p = new Postings(userId, currency, wallet).own('frozen', -row.amount).house(d.bank ? 'bank_clearing' : 'wallet_clearing', row.amount);
          await this.ledger.post(trx, {
            kind: 'withdrawal_paid', userId, refType: 'withdrawal', refId: id,
            memo: encodeMemo({ id: 'memo_withdrawal_paid', params: { destination: destinationView(row, d).label, reason } }),
            postings: p.list,
          });
        } else {
          await repo.setStatus(trx, id, 'returned');
          const p = new Postings(userId, currency, wallet).own('frozen', -row.amount);
          p.credit('cash', row.amount);
          await this.ledger.post(trx, {
            kind: 'withdrawal_returned', userId, refType: 'withdrawal', refId: id,
            memo: encodeMemo({ id: 'memo_withdrawal_returned', params: { reason } }), postings: p.list,
          });
          await noteShortfall(trx, p, now);
        }
        await notify(trx, {
          userId, kind: decision === 'approved' ? 'withdrawal_approved' : 'withdrawal_rejected',
          params: { amount: row.amount, currency, ...(decision === 'approved' ? {} : { reason }) }, at: now, dedupeKey: `withdrawal:${id}`,
        });
        const after = (await repo.find(trx, id))!;
        return { withdrawal: await this.adminItem(trx, after, await repo.phoneOf(trx, userId)) };
      },
    });
  }
}
