import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { conflict, DomainError, invalid, notFound, ruleBroken } from '../../errors';
import { BANK_ACCOUNTS_MAX, WALLETS_MAX, type BankAccountType, type BankAccountView, type BankRow, type WalletView } from '../../../shared/api/cash';
import { normalizeHolderKana } from '../../../shared/domain/kana';
import { checkWalletAddress, type WalletNetwork } from '../../../shared/domain/wallet-address';
import type { BankDirectory } from './banks';
import * as repo from './repo';
import { checkAccountNumber, checkHolderKana, cleanCode, cleanLabel, holderMatches, maskAccountNumber } from './rules';

/**
 * What the cash area needs of the identity check (the kyc module's index.ts provides it): the
 * user's status and verified kana, and the guard that throws the `real_name_required` error.
 */
export interface IdentityPort {
  identityOf(userId: string): Promise<{ status: 'not_verified' | 'under_review' | 'verified' | 'failed'; nameKana: string | null } | null>;
  requireVerified(userId: string): Promise<unknown>;
}

export interface NewBankAccount {
  bankCode: string;
  branchCode: string;
  type: BankAccountType;
  number: string;
  holderKana: string;
}

const missing = () => notFound('not_found');

function viewOf(r: repo.BankAccountRow): BankAccountView {
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
  };
}

function walletViewOf(r: repo.WalletRow): WalletView {
  return { id: r.id, network: r.network as WalletNetwork, address: r.address, label: r.label, createdAt: r.created_at };
}

/**
 * Bank accounts and wallets (docs/domain.md "Bank accounts and wallets"). Adding needs a verified
 * identity, deleting and listing do not. A destination belongs to one person: a live duplicate of
 * any user is refused. Every edit locks the user first (repo.lockUser) so the caps hold under
 * concurrency; the unique indexes settle a race between two users.
 */
export class CashService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly banks: BankDirectory,
    private readonly identity: IdentityPort,
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

  async bankAccounts(userId: string): Promise<{ items: BankAccountView[]; max: number; identity: { verified: boolean; holderKana: string | null } }> {
    const [rows, identity] = await Promise.all([repo.accountsOf(this.database.db, userId), this.identityView(userId)]);
    return { items: rows.map(viewOf), max: BANK_ACCOUNTS_MAX, identity };
  }

  async addBankAccount(userId: string, input: NewBankAccount): Promise<{ account: BankAccountView }> {
    await this.identity.requireVerified(userId);
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

    const coords = { bankCode, branchCode, type: input.type, number: number.value };
    const row: repo.BankAccountRow = {
      id: uuidv7(),
      bank_code: bankCode,
      bank_name: bank.name,
      branch_code: branchCode,
      branch_name: branch.name,
      type: input.type,
      number: number.value,
      holder_kana: holder.value,
      created_at: this.clock.now(),
    };
    await this.settleRace(
      () =>
        this.database.db.transaction().execute(async (trx) => {
          await repo.lockUser(this.database, trx, userId);
          if (await repo.accountByNumber(trx, coords)) throw conflict('card_exists');
          const count = (await repo.accountsOf(trx, userId)).length;
          if (count >= BANK_ACCOUNTS_MAX) throw ruleBroken('bank_account_limit', { max: BANK_ACCOUNTS_MAX });
          await repo.insertAccount(trx, userId, row);
        }),
      async () => (await repo.accountByNumber(this.database.db, coords)) !== undefined,
      'card_exists',
    );
    return { account: viewOf(row) };
  }

  async deleteBankAccount(userId: string, id: string): Promise<{ deleted: true }> {
    if (!(await repo.deleteAccount(this.database.db, userId, id, this.clock.now()))) throw missing();
    return { deleted: true };
  }

  async wallets(userId: string): Promise<{ items: WalletView[]; max: number; identity: { verified: boolean; holderKana: string | null } }> {
    const [rows, identity] = await Promise.all([repo.walletsOf(this.database.db, userId), this.identityView(userId)]);
    return { items: rows.map(walletViewOf), max: WALLETS_MAX, identity };
  }

  async addWallet(userId: string, input: { network: WalletNetwork; address: string; label?: string }): Promise<{ wallet: WalletView }> {
    await this.identity.requireVerified(userId);
    const checked = checkWalletAddress(input.network, input.address);
    if (!checked.ok) throw invalid(checked.problem === 'checksum' ? 'wallet_checksum_invalid' : 'wallet_address_invalid', { network: input.network });
    const label = cleanLabel(input.label);
    if (!label.ok) throw invalid(label.id);
    const row: repo.WalletRow = { id: uuidv7(), network: input.network, address: checked.address, label: label.value, created_at: this.clock.now() };
    await this.settleRace(
      () =>
        this.database.db.transaction().execute(async (trx) => {
          await repo.lockUser(this.database, trx, userId);
          if (await repo.walletByAddress(trx, row.network, row.address)) throw conflict('wallet_exists');
          const count = (await repo.walletsOf(trx, userId)).length;
          if (count >= WALLETS_MAX) throw ruleBroken('wallet_limit', { max: WALLETS_MAX });
          await repo.insertWallet(trx, userId, row);
        }),
      async () => (await repo.walletByAddress(this.database.db, row.network, row.address)) !== undefined,
      'wallet_exists',
    );
    return { wallet: walletViewOf(row) };
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
