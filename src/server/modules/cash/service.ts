import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { Executor } from '../../db/executor';
import { conflict, DomainError, invalid, notFound, ruleBroken } from '../../errors';
import { notify } from '../messaging';
import { BANK_ACCOUNTS_MAX, WALLETS_MAX, type BankAccountType, type BankAccountView, type BankRow, type WalletView } from '../../../shared/api/cash';
import { normalizeHolderKana } from '../../../shared/domain/kana';
import { checkWalletAddress, type WalletNetwork } from '../../../shared/domain/wallet-address';
import type { BankDirectory } from './banks';
import * as repo from './repo';
import { checkAccountNumber, checkHolderKana, cleanCode, cleanLabel, heldUntil, holderMatches, maskAccountNumber, payoutUsableAt } from './rules';
import { bankLabel, walletLabel } from './withdrawals-rules';

/**
 * What the cash area needs of the identity check (the kyc module's index.ts provides it): the
 * user's status and verified kana, and the guard that throws the `real_name_required` error.
 */
export interface IdentityPort {
  identityOf(userId: string): Promise<{ status: 'not_verified' | 'under_review' | 'verified' | 'failed'; nameKana: string | null } | null>;
  requireVerified(userId: string): Promise<unknown>;
}

/**
 * What a payout destination change needs of the account area (its index.ts): a sign-in made within
 * the last 5 minutes, and the fund password with its lockout (refused while a sign-in reported as
 * not the user's locks fund actions).
 */
export interface ChangeGuard {
  freshLoginLeftMs(user: AuthUser): Promise<number>;
  requireFreshLogin(user: AuthUser): Promise<void>;
  verifyFundPassword(userId: string, password: string): Promise<void>;
}

/** The hold on new destinations (config payoutHoldHours). */
export interface HoldConfig {
  values(): Promise<{ payoutHoldHours: number }>;
}

export interface NewBankAccount {
  bankCode: string;
  branchCode: string;
  type: BankAccountType;
  number: string;
  holderKana: string;
  fundPassword: string;
}

export interface NewWallet {
  network: WalletNetwork;
  address: string;
  label?: string;
  fundPassword: string;
}

const missing = () => notFound('not_found');

/** A list screen's answer: the destinations, the cap, whether adding is allowed and for how long this session may still add. */
interface DestinationList<T> {
  items: T[];
  max: number;
  identity: { verified: boolean; holderKana: string | null };
  freshLoginMs: number;
}

function viewOf(r: repo.BankAccountRow, now: number): BankAccountView {
  return {
    id: r.id,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    branchCode: r.branch_code,
    branchName: r.branch_name,
    type: r.type as BankAccountType,
    numberMasked: maskAccountNumber(r.number),
    holderKana: r.holder_kana,
    createdAt: r.created_at,
    usableAt: heldUntil(r.usable_at, now),
  };
}

function walletViewOf(r: repo.WalletRow, now: number): WalletView {
  return { id: r.id, network: r.network as WalletNetwork, address: r.address, label: r.label, createdAt: r.created_at, usableAt: heldUntil(r.usable_at, now) };
}

/**
 * Bank accounts and wallets (docs/domain.md "Bank accounts and wallets"). Adding needs a verified
 * identity, a fresh sign-in and the fund password; deleting and listing do not. A new destination
 * receives no withdrawal before its hold ends (issue 37 item 7: a taken-over session cannot send
 * the money to a destination of its own at once), and the owner is told by message. A destination
 * belongs to one person: a live duplicate of any user is refused. Every edit locks the user first
 * (repo.lockUser) so the caps hold under concurrency; the unique indexes settle a race between two users.
 */
export class CashService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly banks: BankDirectory,
    private readonly identity: IdentityPort,
    private readonly guard: ChangeGuard,
    private readonly config: HoldConfig,
  ) {}

  searchBanks(q: string | undefined): { items: BankRow[] } {
    return { items: this.banks.searchBanks(q ?? '') };
  }

  searchBranches(rawCode: string, q: string | undefined): { bank: BankRow; items: BankRow[] } {
    const code = cleanCode(rawCode, 4);
    const bank = code ? this.banks.bank(code) : undefined;
    if (!code || !bank) throw notFound('bank_not_found');
    return { bank, items: this.banks.searchBranches(code, q ?? '') ?? [] };
  }

  /** Whether the user may add a destination, and the verified kana as a holder name. */
  private async identityView(userId: string): Promise<{ verified: boolean; holderKana: string | null }> {
    const id = await this.identity.identityOf(userId);
    const verified = id?.status === 'verified';
    const kana = verified && id.nameKana ? normalizeHolderKana(id.nameKana) : null;
    return { verified, holderKana: kana?.ok ? kana.value : null };
  }

  async bankAccounts(user: AuthUser): Promise<DestinationList<BankAccountView>> {
    const [rows, identity, freshLoginMs] = await Promise.all([repo.accountsOf(this.database.db, user.id), this.identityView(user.id), this.guard.freshLoginLeftMs(user)]);
    const now = this.clock.now();
    return { items: rows.map((r) => viewOf(r, now)), max: BANK_ACCOUNTS_MAX, identity, freshLoginMs };
  }

  /**
   * The checks every change runs first: a verified identity, then a fresh sign-in (before the form's
   * own checks, so the user is sent to sign in before retyping anything).
   */
  private async changeAllowed(user: AuthUser): Promise<void> {
    await this.identity.requireVerified(user.id);
    await this.guard.requireFreshLogin(user);
  }

  /** The fund password last (a counted, slow check), then the instant the new destination's hold ends. */
  private async confirmedHold(userId: string, fundPassword: string): Promise<{ now: number; usableAt: number }> {
    await this.guard.verifyFundPassword(userId, fundPassword);
    const hours = (await this.config.values()).payoutHoldHours;
    const now = this.clock.now();
    return { now, usableAt: payoutUsableAt(now, hours) };
  }

  /** The owner learns of every new destination, with the time it may receive money (in the adding transaction). */
  private told(trx: Executor, userId: string, d: { id: string; type: 'bank' | 'wallet'; label: string; usableAt: number; now: number }) {
    return notify(trx, {
      userId, kind: 'payout_destination_added', at: d.now, dedupeKey: `payout:${d.id}`,
      params: { type: d.type, label: d.label, usableAt: d.usableAt },
    });
  }

  /** The form's checks, each answering the message the user sees; the fields of the row to insert. */
  private async checkedAccount(userId: string, input: NewBankAccount): Promise<Omit<repo.BankAccountRow, 'id' | 'created_at' | 'usable_at'>> {
    const bankCode = cleanCode(input.bankCode, 4);
    const bank = bankCode ? this.banks.bank(bankCode) : undefined;
    if (!bankCode || !bank) throw invalid('bank_not_found');
    const branchCode = cleanCode(input.branchCode, 3);
    const branch = branchCode ? this.banks.branch(bankCode, branchCode) : undefined;
    if (!branchCode || !branch) throw invalid('branch_not_found');
    const number = checkAccountNumber(input.number);
    if (!number.ok) throw invalid(number.id);
    const holder = checkHolderKana(input.holderKana);
    if (!holder.ok) throw invalid(holder.id);
    const who = await this.identity.identityOf(userId);
    if (!holderMatches(holder.value, who?.nameKana ?? null)) throw ruleBroken('bank_holder_mismatch');
    return {
      bank_code: bankCode, bank_name: bank.name, branch_code: branchCode, branch_name: branch.name,
      type: input.type, number: number.value, holder_kana: holder.value,
    };
  }

  async addBankAccount(user: AuthUser, input: NewBankAccount): Promise<{ account: BankAccountView }> {
    const userId = user.id;
    await this.changeAllowed(user);
    const fields = await this.checkedAccount(userId, input);
    const { now, usableAt } = await this.confirmedHold(userId, input.fundPassword);
    const row: repo.BankAccountRow = { id: uuidv7(), ...fields, created_at: now, usable_at: usableAt };
    const coords = { bankCode: row.bank_code, branchCode: row.branch_code, type: row.type, number: row.number };
    await this.settleRace(
      () =>
        this.database.db.transaction().execute(async (trx) => {
          await repo.lockUser(this.database, trx, userId);
          if (await repo.accountByNumber(trx, coords)) throw conflict('card_exists');
          const count = (await repo.accountsOf(trx, userId)).length;
          if (count >= BANK_ACCOUNTS_MAX) throw ruleBroken('bank_account_limit', { max: BANK_ACCOUNTS_MAX });
          await repo.insertAccount(trx, userId, row);
          await this.told(trx, userId, { id: row.id, type: 'bank', label: bankLabel(row), usableAt, now });
        }),
      async () => (await repo.accountByNumber(this.database.db, coords)) !== undefined,
      'card_exists',
    );
    return { account: viewOf(row, now) };
  }

  async deleteBankAccount(userId: string, id: string): Promise<{ deleted: true }> {
    if (!(await repo.deleteAccount(this.database.db, userId, id, this.clock.now()))) throw missing();
    return { deleted: true };
  }

  async wallets(user: AuthUser): Promise<DestinationList<WalletView>> {
    const [rows, identity, freshLoginMs] = await Promise.all([repo.walletsOf(this.database.db, user.id), this.identityView(user.id), this.guard.freshLoginLeftMs(user)]);
    const now = this.clock.now();
    return { items: rows.map((r) => walletViewOf(r, now)), max: WALLETS_MAX, identity, freshLoginMs };
  }

  async addWallet(user: AuthUser, input: NewWallet): Promise<{ wallet: WalletView }> {
    const userId = user.id;
    await this.changeAllowed(user);
    const checked = checkWalletAddress(input.network, input.address);
    if (!checked.ok) throw invalid(checked.problem === 'checksum' ? 'wallet_checksum_invalid' : 'wallet_address_invalid', { network: input.network });
    const label = cleanLabel(input.label);
    if (!label.ok) throw invalid(label.id);
    const { now, usableAt } = await this.confirmedHold(userId, input.fundPassword);
    const row: repo.WalletRow = { id: uuidv7(), network: input.network, address: checked.address, label: label.value, created_at: now, usable_at: usableAt };
    await this.settleRace(
      () =>
        this.database.db.transaction().execute(async (trx) => {
          await repo.lockUser(this.database, trx, userId);
          if (await repo.walletByAddress(trx, row.network, row.address)) throw conflict('wallet_exists');
          const count = (await repo.walletsOf(trx, userId)).length;
          if (count >= WALLETS_MAX) throw ruleBroken('wallet_limit', { max: WALLETS_MAX });
          await repo.insertWallet(trx, userId, row);
          await this.told(trx, userId, { id: row.id, type: 'wallet', label: walletLabel(row), usableAt, now });
        }),
      async () => (await repo.walletByAddress(this.database.db, row.network, row.address)) !== undefined,
      'wallet_exists',
    );
    return { wallet: walletViewOf(row, now) };
  }

  async deleteWallet(userId: string, id: string): Promise<{ deleted: true }> {
    if (!(await repo.deleteWallet(this.database.db, userId, id, this.clock.now()))) throw missing();
    return { deleted: true };
  }

  /**
   * Two users registering the same destination at once both pass the check; the unique index stops
   * the second insert. That failure is the duplicate the check would have reported.
   */
  private async settleRace(work: () => Promise<void>, exists: () => Promise<boolean>, id: 'card_exists' | 'wallet_exists'): Promise<void> {
    try {
      await work();
    } catch (e) {
      if (!(e instanceof DomainError) && (await exists())) throw conflict(id);
      throw e;
    }
  }
}
