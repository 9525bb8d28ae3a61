import type { Database } from '../../db/database';
import type { AuditLog } from '../../platform/audit';
import type { MarketDataSource } from '../../market';
import type { Clock } from '../../clock';
import type { AccountService } from '../account';
import type { ConfigService } from '../config';
import type { FundsService } from '../funds';
import { tradableStock, type TradingService } from '../trade';
import { offerBand } from '../block';
import { OPEN_STATUSES } from '../../../shared/domain/position';
import type { AccountState } from '../../../shared/domain/account';
import { ADMIN_KYC_STATUSES } from '../../../shared/api/admin';
import { adminConfigView } from './config-view';
import { phonesOf, resolveUser, searchUsers } from './users-repo';

/** The open positions listed on a user's page; the count covers them all. */
const POSITIONS_SHOWN = 50;
const POSITION_PAGE = 100;

/**
 * What the KYC area answers for a user (its `status(userId)`); optional so the back office works
 * on a server without that area, saying "not available" instead of guessing a status.
 */
export interface KycStatusSource {
  status(userId: string): Promise<{ status: string; submission: { reason: string | null } | null }>;
}

export interface AdminDeps {
  database: Database;
  audit: AuditLog;
  accounts: AccountService;
  config: ConfigService;
  funds: FundsService;
  trading: TradingService;
  market: MarketDataSource;
  /** Block offers are priced on the market's clock. */
  marketClock: Clock;
  kyc?: KycStatusSource | undefined;
}

/** The back office's reads; commands stay with the area that owns the data (account, config, block…). */
export class AdminService {
  constructor(private readonly d: AdminDeps) {}

  async users(opts: { q?: string | undefined; cursor?: string | undefined; limit: number }) {
    const page = await searchUsers(this.d.database.db, opts);
    return {
      items: page.rows.map((r) => ({ id: r.id, phone: r.phone, state: r.state as AccountState, isAdmin: r.is_admin === 1, createdAt: r.created_at })),
      next: page.next,
    };
  }

  /** The account through the account module, money through funds, positions through trade. */
  async user(id: string) {
    const info = await this.d.accounts.info(id); // 404 user_not_found
    const [funds, open, kyc] = await Promise.all([this.d.funds.summary(id), this.openPositions(id), this.kycOf(id)]);
    return {
      id: info.id,
      phone: info.phone,
      state: info.state,
      stateReason: info.stateReason,
      isAdmin: info.isAdmin,
      createdAt: info.createdAt,
      inviteCode: info.inviteCode,
      kycStatus: kyc?.status ?? null,
      kycReason: kyc?.reason ?? null,
      funds,
      openPositions: open.count,
      positions: open.shown,
    };
  }

  private async openPositions(userId: string) {
    const shown: Awaited<ReturnType<TradingService['list']>>['items'] = [];
    let count = 0;
    let cursor: string | undefined;
    do {
      const page = await this.d.trading.list(userId, { statuses: [...OPEN_STATUSES], cursor, limit: POSITION_PAGE });
      count += page.items.length;
      shown.push(...page.items.slice(0, Math.max(0, POSITIONS_SHOWN - shown.length)));
      cursor = page.next ?? undefined;
    } while (cursor);
    return { count, shown };
  }

  private async kycOf(userId: string): Promise<{ status: (typeof ADMIN_KYC_STATUSES)[number]; reason: string | null } | null> {
    if (!this.d.kyc) return null;
    const view = await this.d.kyc.status(userId);
    const status = ADMIN_KYC_STATUSES.find((s) => s === view.status);
    return status ? { status, reason: view.submission?.reason ?? null } : null;
  }

  /** `admin` is an id or a phone; one that names nobody matches nothing (not everything). */
  async audit(query: { cursor?: string | undefined; limit: number; admin?: string | undefined; target?: string | undefined; action?: string | undefined }) {
    let adminId: string | undefined;
    if (query.admin) {
      const found = await resolveUser(this.d.database.db, query.admin);
      if (!found) return { items: [], next: null };
      adminId = found;
    }
    const page = await this.d.audit.list({
      cursor: query.cursor, limit: query.limit, adminId, target: query.target || undefined, action: query.action || undefined,
    });
    const phones = await phonesOf(this.d.database.db, page.items.map((e) => e.adminId));
    return { items: page.items.map((e) => ({ ...e, adminPhone: phones.get(e.adminId) ?? null })), next: page.next };
  }

  async config() {
    return { items: adminConfigView(await this.d.config.values()) };
  }

  blockBand(code: string) {
    const inst = tradableStock(this.d.market, code);
    const band = offerBand(this.d.market, inst, this.d.marketClock.now());
    return { code: inst.code, name: inst.nameJa, nameEn: inst.nameEn, priceScale: inst.priceScale, ...band };
  }
}
