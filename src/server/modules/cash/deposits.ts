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
import { notify } from '../messaging';
import { conflict, invalid, notFound, ruleBroken } from '../../errors';
import { lockWallet, moneyCommand, noteShortfall, Postings, type Ledger } from '../../ledger';
import type { ConfigService } from '../config';
import type { UploadService } from '../uploads';
import { CURRENCIES, type Currency } from '../../../shared/money';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import type { BankAccountType, DepositChannelType, DepositChannelView, DepositQueueItem, DepositStatus, DepositView } from '../../../shared/api/cash';
import { amountRefusal, approvalRefusal, depositReference } from './deposits-rules';
import { openAt } from './hours';
import { checkWalletAddress, type WalletNetwork } from '../../../shared/domain/wallet-address';
import type { Executor } from '../../db/executor';
import * as repo from './deposits-repo';

export interface ChannelInput {
  type: DepositChannelType;
  label: string;
  bankName?: string;
  branchName?: string;
  accountType?: BankAccountType;
  accountNumber?: string;
  holder?: string;
  network?: WalletNetwork;
  addresses?: string[];
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

/** What deposits need of the identity check (the kyc module's index.ts). */
export interface DepositIdentity {
  requireVerified(userId: string): Promise<unknown>;
}

export class DepositService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly config: ConfigService,
    private readonly uploads: UploadService,
    private readonly identity: DepositIdentity,
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

  /**
   * The active channels as this user sees them: a USDT channel with the address given to this user
   * (see userAddress). Only for a verified identity, as depositing is: a first view takes an address
   * from the pool for good, so unverified sign-ups must not drain it (docs/domain.md "Deposits").
   */
  async channels(userId: string): Promise<{ items: DepositChannelView[] }> {
    await this.identity.requireVerified(userId);
    const limits = await this.limits();
    const rows = await repo.listChannels(this.database.db, true);
    const items = [];
    for (const r of rows) {
      const address = r.type === 'usdt' ? await this.userAddress(r.id, userId) : null;
      items.push(channelView(r, { reference: r.type === 'bank' ? depositReference(userId) : '', address }, limits(r.currency)));
    }
    return { items };
  }

  /**
   * The user's own deposit address on a USDT channel: the one given before, or the oldest free one,
   * taken for good. Statement by statement outside a transaction, so a lost race (the address taken
   * by another user, or this user's own second view winning) is simply retried; the unique indexes
   * make a double assignment impossible. null when the pool is empty.
   */
  private async userAddress(channelId: string, userId: string): Promise<string | null> {
    const db = this.database.db;
    for (let attempt = 0; attempt < 5; attempt++) {
      const own = await repo.addressOf(db, channelId, userId);
      if (own) return own;
      const free = await repo.firstFreeAddress(db, channelId);
      // An empty pool may be this user's own doing: a concurrent first view took the last address.
      if (!free) return (await repo.addressOf(db, channelId, userId)) ?? null;
      try {
        if (await repo.takeAddress(db, free.id, userId, this.clock.now())) return (await repo.addressOf(db, channelId, userId)) ?? null;
      } catch {
        // The (channel, user) unique index: this user's concurrent view took one first — read it on the next turn.
      }
    }
    return (await repo.addressOf(db, channelId, userId)) ?? null;
  }

  async adminChannels(): Promise<{ items: DepositChannelView[] }> {
    const limits = await this.limits();
    const [rows, counts] = await Promise.all([repo.listChannels(this.database.db, false), repo.addressCounts(this.database.db)]);
    return { items: rows.map((r) => channelView(r, { reference: '', address: null, pool: r.type === 'usdt' ? (counts.get(r.id) ?? { total: 0, free: 0 }) : undefined }, limits(r.currency))) };
  }

  private async adminChannel(id: string): Promise<{ channel: DepositChannelView }> {
    const channel = (await this.adminChannels()).items.find((c) => c.id === id);
    if (!channel) throw notFound();
    return { channel };
  }

  /** Each address checked for the network (format and checksum, as users' wallets are), no repeats. */
  private checkedAddresses(network: WalletNetwork, raw: readonly string[]): string[] {
    const out: string[] = [];
    for (const a of raw) {
      const checked = checkWalletAddress(network, a);
      if (!checked.ok) throw invalid('deposit_address_invalid', { address: a, field: 'addresses' });
      if (out.includes(checked.address)) throw invalid('deposit_address_exists', { address: checked.address, field: 'addresses' });
      out.push(checked.address);
    }
    return out;
  }

  private async insertAddresses(trx: Executor, channelId: string, addresses: readonly string[], now: number): Promise<void> {
    const loaded = await repo.loadedAddresses(trx, channelId, addresses);
    if (loaded.length) throw conflict('deposit_address_exists', { address: loaded[0]! });
    for (const address of addresses) {
      await repo.insertAddress(trx, uuidv7(), channelId, address, now);
    }
  }

  async createChannel(admin: Pick<AuthUser, 'id'>, input: ChannelInput): Promise<{ channel: DepositChannelView }> {
    const currency = channelCurrency(input.type);
    if (!isCurrency(currency)) throw ruleBroken('deposit_channel_unavailable', { currency });
    let addresses: string[] = [];
    if (input.type === 'bank') {
      for (const field of ['bankName', 'branchName', 'accountType', 'accountNumber', 'holder'] as const) {
        if (!input[field]) throw invalid('invalid_request', { field });
      }
    } else {
      if (!input.network) throw invalid('invalid_request', { field: 'network' });
      if (!input.addresses?.length) throw invalid('invalid_request', { field: 'addresses' });
      addresses = this.checkedAddresses(input.network, input.addresses);
    }
    const now = this.clock.now();
    const id = uuidv7();
    const bank = input.type === 'bank';
    await this.database.db.transaction().execute(async (trx) => {
      await repo.insertChannel(trx, {
        id, type: input.type, currency, label: input.label,
        bank_name: bank ? input.bankName! : null, branch_name: bank ? input.branchName! : null,
        account_type: bank ? input.accountType! : null, account_number: bank ? input.accountNumber! : null,
        holder: bank ? input.holder! : null, network: bank ? null : input.network!, address: null,
        active: 1, disabled_reason: null, created_at: now, updated_at: now,
      });
      if (!bank) await this.insertAddresses(trx, id, addresses, now);
      await this.audit.record(trx, { adminId: admin.id, action: 'deposit_channel.create', target: id, reason: input.reason, detail: { type: input.type, label: input.label, addresses: addresses.length } });
    });
    return this.adminChannel(id);
  }

  async addAddresses(admin: AuthUser, id: string, body: { addresses: string[]; reason: string }): Promise<{ channel: DepositChannelView }> {
    const channel = await repo.findChannel(this.database.db, id);
    if (!channel) throw notFound();
    if (channel.type !== 'usdt' || !channel.network) throw invalid('invalid_request', { field: 'id' });
    const addresses = this.checkedAddresses(channel.network as WalletNetwork, body.addresses);
    await this.database.db.transaction().execute(async (trx) => {
      await this.insertAddresses(trx, id, addresses, this.clock.now());
      await this.audit.record(trx, { adminId: admin.id, action: 'deposit_channel.addresses', target: id, reason: body.reason, detail: { added: addresses.length } });
    });
    return this.adminChannel(id);
  }

  /**
   * KABUTO_DEMO=1 on an install without any channel: one bank channel whose every field says it is a
   * demo (no real bank, no real company), so the deposit flow can be tried at once. Never otherwise.
   */
  async ensureDemoChannel(adminId: string): Promise<boolean> {
    if ((await repo.listChannels(this.database.db, false)).length > 0) return false;
    await this.createChannel({ id: adminId }, {
      type: 'bank', label: 'デモ用の振込先（架空・振り込まないでください）', bankName: 'デモ銀行（架空）', branchName: 'デモ支店',
      accountType: 'futsu', accountNumber: '0000000', holder: 'Kabuto デモ運営（架空の会社）', reason: 'KABUTO_DEMO: デモ用の入金方法',
    });
    return true;
  }

  async disableChannel(admin: AuthUser, id: string, reason: string): Promise<{ channel: DepositChannelView }> {
    await this.database.db.transaction().execute(async (trx) => {
      if (!(await repo.disableChannel(trx, id, reason, this.clock.now()))) throw notFound();
      await this.audit.record(trx, { adminId: admin.id, action: 'deposit_channel.disable', target: id, reason });
    });
    return this.adminChannel(id);
  }

  async list(userId: string): Promise<{ items: DepositView[] }> {
    return { items: (await repo.depositsOf(this.database.db, userId)).map(depositView) };
  }

  /** The request: checked here, recorded pending; no money moves until approval. */
  request(user: AuthUser, body: { channelId: string; amount: number; receiptUploadId: string }, key: string): Promise<{ deposit: DepositView }> {
    return moneyCommand(this.ledger, {
      scope: user.id, key, op: 'cash.deposit', request: body, clock: this.clock,
      // Money comes in only from a verified identity (docs/domain.md "Deposits"): 422 real_name_required.
      guard: async () => {
        await this.identity.requireVerified(user.id);
      },
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
        // What the operator matches the incoming money by: the transfer's reference, or the user's own USDT address.
        const reference = channel.type === 'usdt' ? await this.userAddress(channel.id, user.id) : depositReference(user.id);
        if (!reference) throw ruleBroken('deposit_address_unavailable');
        return { channel, reference };
      },
      run: async ({ trx, now, prepared: { channel, reference } }) => {
        // The user's row lock serialises two requests at once; the partial unique index backs it.
        await repo.lockUser(trx, user.id);
        if (await repo.pendingOf(trx, user.id)) throw conflict('deposit_pending');
        // One deposit per receipt: a receipt already behind a pending or approved deposit is refused (a
        // rejected one's may be used again); the partial unique index cash_deposit_receipt_once backs it.
        if (await repo.receiptUsedElsewhere(trx, body.receiptUploadId, null)) throw conflict('deposit_receipt_used', { field: 'receiptUploadId' });
        const id = uuidv7();
        await repo.insertDeposit(trx, {
          id, user_id: user.id, channel_id: channel.id, currency: channel.currency, amount: body.amount, credited_amount: null,
          receipt_upload_id: body.receiptUploadId, reference, entry_id: null, created_at: now, ...pendingReview(),
        });
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
        // Never more than the user stated (docs/domain.md "What Kabuto never builds"): a lower amount, when less arrived, is a correction
        // with a reason the user sees; money beyond the statement is a separate, reasoned grant.
        if (approvalRefusal(Number(row.amount), body.amount)) {
          throw ruleBroken('deposit_amount_above_stated', { max: Number(row.amount), currency: row.currency, field: 'amount' });
        }
        // A decided row is refused by decideReview inside the transaction, after an idempotent replay had its chance.
        return row;
      },
      run: async ({ trx, now, prepared: row }) => {
        const currency = row.currency;
        if (!isCurrency(currency)) throw ruleBroken('deposit_channel_unavailable', { currency });
        // A receipt shared with another live deposit (only rows from before the one-deposit-per-receipt
        // index can be) is not credited twice: the reviewer rejects one of them first.
        if (await repo.receiptUsedElsewhere(trx, row.receipt_upload_id, id)) throw conflict('deposit_receipt_used');
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
        await repo.setCredited(trx, id, amount, entry.id);
        await notify(trx, { userId: row.user_id, kind: 'deposit_approved', params: { amount, currency }, at: now, dedupeKey: `deposit:${id}` });
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
      await notify(trx, {
        userId: row.user_id, kind: 'deposit_rejected', params: { amount: Number(row.amount), currency: row.currency, reason },
        at: this.clock.now(), dedupeKey: `deposit:${id}`,
      });
      const after = await repo.findDeposit(trx, id);
      return { deposit: queueItem(after!) };
    });
  }
}

function channelView(
  r: repo.ChannelRow,
  own: { reference: string; address: string | null; pool?: { total: number; free: number } },
  limits: Limits,
): DepositChannelView {
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
    address: own.address,
    reference: own.reference,
    addressesTotal: own.pool?.total ?? null,
    addressesFree: own.pool?.free ?? null,
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
