/**
 * Deposits (docs/domain.md "Deposits"): admin-managed channels, the user's request with a receipt
 * (no money moves), and the admin review through the shared workflow (platform/review.ts). An
 * approval is one money command: house clearing → the user's cash in the channel's currency,
 * a shortfall repaid first (ledger/postings.ts `credit`), the decision and its audit row in the
 * same transaction. USDT is credited as USDT, never converted.
 */
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import { decideReview, pendingReview } from '../../platform/review';
import { conflict, invalid, notFound, ruleBroken } from '../../errors';
import { lockWallet, moneyCommand, noteShortfall, Postings, type Ledger } from '../../ledger';
import type { ConfigService } from '../config';
import type { UploadService } from '../uploads';
import { CURRENCIES, type Currency } from '../../../shared/money';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import type { BankAccountType, DepositChannelType, DepositChannelView, DepositQueueItem, DepositStatus, DepositView } from '../../../shared/api/cash';
import { amountRefusal, depositReference } from './deposits-rules';
import { openAt } from './hours';
import * as repo from './deposits-repo';

export interface ChannelInput {
  type: DepositChannelType;
  label: string;
  bankName?: string;
  branchName?: string;
  accountType?: BankAccountType;
  accountNumber?: string;
  holder?: string;
  network?: string;
  address?: string;
  reason: string;
}

interface Limits {
  min: number;
  max: number;
  hours: string;
  weekdaysOnly: boolean;
}

/** USDT is credited in USDT (a balance of its own, never converted); the bank transfer in yen. */
function channelCurrency(type: DepositChannelType): string {
  return type === 'bank' ? 'JPY' : 'USDT';
}

function isCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCIES, code);
}

export class DepositService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly config: ConfigService,
    private readonly uploads: UploadService,
  ) {}

  /** Hours are the same for every channel; the amount limits are in the currency's minor unit (config: yen, USDT cents). */
  private async limits(): Promise<(currency: string) => Limits> {
    const v = await this.config.values();
    return (currency) => ({
      min: currency === 'USDT' ? v.usdtDepositMin : v.depositMin,
      max: currency === 'USDT' ? v.usdtDepositMax : v.depositMax,
      hours: v.depositHours,
      weekdaysOnly: v.depositWeekdaysOnly,
    });
  }

  async channels(userId: string): Promise<{ items: DepositChannelView[] }> {
    const limits = await this.limits();
    const rows = await repo.listChannels(this.database.db, true);
    return { items: rows.map((r) => channelView(r, depositReference(userId), limits(r.currency))) };
  }

  async adminChannels(): Promise<{ items: DepositChannelView[] }> {
    const limits = await this.limits();
    const rows = await repo.listChannels(this.database.db, false);
    return { items: rows.map((r) => channelView(r, '', limits(r.currency))) };
  }

  async createChannel(admin: AuthUser, input: ChannelInput): Promise<{ channel: DepositChannelView }> {
    const currency = channelCurrency(input.type);
    if (!isCurrency(currency)) throw ruleBroken('deposit_channel_unavailable', { currency });
    if (input.type === 'bank') {
      for (const field of ['bankName', 'branchName', 'accountType', 'accountNumber', 'holder'] as const) {
        if (!input[field]) throw invalid('invalid_request', { field });
      }
    } else {
      for (const field of ['network', 'address'] as const) {
        if (!input[field]) throw invalid('invalid_request', { field });
      }
    }
    const now = this.clock.now();
    const id = uuidv7();
    const bank = input.type === 'bank';
    await this.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cash_deposit_channel')
        .values({
          id, type: input.type, currency, label: input.label,
          bank_name: bank ? input.bankName! : null, branch_name: bank ? input.branchName! : null,
          account_type: bank ? input.accountType! : null, account_number: bank ? input.accountNumber! : null,
          holder: bank ? input.holder! : null, network: bank ? null : input.network!, address: bank ? null : input.address!,
          active: 1, disabled_reason: null, created_at: now, updated_at: now,
        })
        .execute();
      await this.audit.record(trx, { adminId: admin.id, action: 'deposit_channel.create', target: id, reason: input.reason, detail: { type: input.type, label: input.label } });
    });
    const row = await repo.findChannel(this.database.db, id);
    return { channel: channelView(row!, '', (await this.limits())(row!.currency)) };
  }

  async disableChannel(admin: AuthUser, id: string, reason: string): Promise<{ channel: DepositChannelView }> {
    await this.database.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('cash_deposit_channel')
        .set({ active: 0, disabled_reason: reason, updated_at: this.clock.now() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (res.numUpdatedRows !== 1n) throw notFound();
      await this.audit.record(trx, { adminId: admin.id, action: 'deposit_channel.disable', target: id, reason });
    });
    const row = await repo.findChannel(this.database.db, id);
    return { channel: channelView(row!, '', (await this.limits())(row!.currency)) };
  }

  async list(userId: string): Promise<{ items: DepositView[] }> {
    return { items: (await repo.depositsOf(this.database.db, userId)).map(depositView) };
  }

  /** The request: checked here, recorded pending; no money moves until approval. */
  request(user: AuthUser, body: { channelId: string; amount: number; receiptUploadId: string }, key: string): Promise<{ deposit: DepositView }> {
    return moneyCommand(this.ledger, {
      scope: user.id, key, op: 'cash.deposit', request: body, clock: this.clock,
      prepare: async () => {
        const channel = await repo.findChannel(this.database.db, body.channelId);
        if (!channel || channel.active !== 1) throw ruleBroken('deposit_channel_unavailable');
        const limits = (await this.limits())(channel.currency);
        if (amountRefusal(body.amount, limits.min, limits.max)) {
          throw ruleBroken('deposit_amount_out_of_range', { min: limits.min, max: limits.max, currency: channel.currency });
        }
        if (!openAt(this.clock.now(), limits.hours, limits.weekdaysOnly)) throw ruleBroken('deposit_time_closed', { range: limits.hours });
        // Another user's upload reads like a missing one.
        const upload = await this.uploads.ownUpload(user.id, body.receiptUploadId);
        if (!upload || upload.purpose !== 'receipt') throw invalid('deposit_receipt_invalid', { field: 'receiptUploadId' });
        return channel;
      },
      run: async ({ trx, now, prepared: channel }) => {
        // The user's row lock serialises two requests at once; the partial unique index backs it.
        await trx.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', user.id).execute();
        if (await repo.pendingOf(trx, user.id)) throw conflict('deposit_pending');
        const id = uuidv7();
        await trx
          .insertInto('cash_deposit')
          .values({
            id, user_id: user.id, channel_id: channel.id, currency: channel.currency, amount: body.amount, credited_amount: null,
            receipt_upload_id: body.receiptUploadId, reference: depositReference(user.id), entry_id: null, created_at: now, ...pendingReview(),
          })
          .execute();
        const row = await repo.findDeposit(trx, id);
        return { deposit: depositView(row!) };
      },
    });
  }

  async queue(status: DepositStatus, userId: string | undefined, limit: number): Promise<{ items: DepositQueueItem[] }> {
    return { items: (await repo.queue(this.database.db, status, userId, limit)).map(queueItem) };
  }

  /** One money command: the decision, its audit row and the credit commit together. */
  approve(admin: AuthUser, id: string, body: { reason: string; amount?: number }, key: string): Promise<{ deposit: DepositQueueItem }> {
    return moneyCommand(this.ledger, {
      scope: `admin:${admin.id}`, key, op: 'cash.deposit.approve', request: { id, ...body }, clock: this.clock,
      prepare: async () => {
        const row = await repo.findDeposit(this.database.db, id);
        if (!row) throw notFound();
        // A decided row is refused by decideReview inside the transaction, after an idempotent replay had its chance.
        return row;
      },
      run: async ({ trx, now, prepared: row }) => {
        const currency = row.currency;
        if (!isCurrency(currency)) throw ruleBroken('deposit_channel_unavailable', { currency });
        const amount = body.amount ?? Number(row.amount);
        const corrected = amount !== Number(row.amount);
        await decideReview(trx, this.audit, {
          table: 'cash_deposit', id, decision: 'approved', reason: body.reason, adminId: admin.id, now,
          action: 'deposit.approve', target: row.user_id,
          detail: { currency, requested: Number(row.amount), amount, corrected },
        });
        const p = new Postings(row.user_id, currency, await lockWallet(trx, this.database.caps, row.user_id, currency));
        p.house(row.channel_type === 'usdt' ? 'wallet_clearing' : 'bank_clearing', -amount);
        const repaid = p.credit('cash', amount);
        const entry = await this.ledger.post(trx, {
          kind: 'deposit', userId: row.user_id, refType: 'deposit', refId: id,
          memo: encodeMemo({ id: 'memo_deposit', params: { channel: row.channel_type, amount, repaid, reason: body.reason } }),
          postings: p.list,
        });
        await noteShortfall(trx, p, now);
        await trx.updateTable('cash_deposit').set({ credited_amount: amount, entry_id: entry.id }).where('id', '=', id).execute();
        const after = await repo.findDeposit(trx, id);
        return { deposit: queueItem(after!) };
      },
    });
  }

  async reject(admin: AuthUser, id: string, reason: string): Promise<{ deposit: DepositQueueItem }> {
    return this.database.db.transaction().execute(async (trx) => {
      const row = await repo.findDeposit(trx, id);
      if (!row) throw notFound();
      await decideReview(trx, this.audit, {
        table: 'cash_deposit', id, decision: 'rejected', reason, adminId: admin.id, now: this.clock.now(),
        action: 'deposit.reject', target: row.user_id, detail: { currency: row.currency, amount: Number(row.amount) },
      });
      const after = await repo.findDeposit(trx, id);
      return { deposit: queueItem(after!) };
    });
  }
}

function channelView(r: repo.ChannelRow, reference: string, limits: Limits): DepositChannelView {
  return {
    id: r.id,
    type: r.type as DepositChannelType,
    currency: r.currency,
    label: r.label,
    bankName: r.bank_name,
    branchName: r.branch_name,
    accountType: r.account_type as BankAccountType | null,
    accountNumber: r.account_number,
    holder: r.holder,
    network: r.network,
    address: r.address,
    reference,
    min: limits.min,
    max: limits.max,
    hours: limits.hours,
    weekdaysOnly: limits.weekdaysOnly,
    active: r.active === 1,
    disabledReason: r.disabled_reason,
  };
}

function depositView(r: repo.DepositRow): DepositView {
  return {
    id: r.id,
    channelId: r.channel_id,
    channelType: r.channel_type as DepositChannelType,
    channelLabel: r.channel_label,
    currency: r.currency,
    amount: Number(r.amount),
    creditedAmount: r.credited_amount === null ? null : Number(r.credited_amount),
    receiptUploadId: r.receipt_upload_id,
    reference: r.reference,
    status: r.review_status as DepositStatus,
    reason: r.review_reason,
    createdAt: Number(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}

function queueItem(r: repo.DepositQueueRow): DepositQueueItem {
  return { ...depositView(r), userId: r.user_id, phone: r.phone };
}
