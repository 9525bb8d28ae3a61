/**
 * Investment trusts, the back office's use cases (docs/domain.md "Investment trusts and 積立", the
 * back office): the catalogue with each fund's NAV strike status and pending orders, a fund's last
 * strikes, changing its fees or designated-index flag, and suspending or reopening it. Each command
 * locks the fund row (the strike locks the same row, so a change lands between two strikes) and is
 * audited with its reason and the before / after values in the same transaction.
 *
 * - Fees apply from the next strike: the strike reads `trust_fee_ppm` from the fund row it locks, so
 *   every strike made after the change (a missed day struck late too) accrues at the new rate; the
 *   購入時手数料 and 留保額 apply to orders filled at that strike and later.
 * - A 信託報酬 increase of more than 20 % of the old rate, or any change on a fund that has holders, is
 *   allowed (the simulated fund has no 書面決議 to hold) but its audit row says so (`notices`), with the
 *   values before and after and the number of holdings, so the change can be followed up.
 * - A change that changes nothing is refused, as is a value outside TRUST_FEE_BOUNDS (the contract
 *   bounds it first; the use case checks again so no other caller can pass it).
 * - Suspension stops new orders and plan runs (the order and plan areas read `status`); orders already
 *   pending still fill at their NAV date, and 解約 payouts go on: the holders' money is theirs.
 */
import type { Transaction } from 'kysely';
import type { AuthUser } from '../../auth/principal';
import type { DB } from '../../db/schema';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import type { AuditLog } from '../../platform/audit';
import { conflict, invalid, notFound } from '../../errors';
import { TRUST_FEE_BOUNDS, type TrustAdminFund, type TrustFundView, type TrustNavRow } from '../../../shared/api/trusts';
import { growthRefusal, strikeDue, tsumitateRefusal, type TrustFacts } from '../../../shared/domain/trust';
import { jstDate, nextTradingDay, type IsoDate } from '../../../shared/market';
import * as repo from './admin-repo';
import type { FundTermsPatch } from './admin-repo';
import * as fundRepo from './fund-repo';
import type { FundRow } from './fund-repo';
import { factsOf, fundView, NO_RETURNS, returnsOf, windowStarts } from './view';

/** What the admin use cases need, handed over by the module (the composition root's services). */
export interface TrustAdminDeps {
  database: Database;
  /** The domain clock (the market's): the strike status is "as of" its now. */
  clock: Clock;
  audit: AuditLog;
}

export interface TrustTermsChange {
  trustFeePpm?: number | undefined;
  purchaseFeePpm?: number | undefined;
  retentionPpm?: number | undefined;
  designatedIndex?: boolean | undefined;
  reason: string;
}

/** The strikes shown per fund. */
export const ADMIN_NAV_ROWS = 30;
/** A 信託報酬 raised by more than this (ppm of the old rate) is flagged in the audit row. */
const FEE_RISE_NOTICE_PPM = 200_000;

export class TrustAdmin {
  constructor(private readonly deps: TrustAdminDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async funds(): Promise<{ items: TrustAdminFund[] }> {
    return { items: await this.adminFunds() };
  }

  async fund(id: string): Promise<TrustAdminFund> {
    const [f] = await this.adminFunds(id);
    if (!f) throw notFound('trust_not_found');
    return f;
  }

  async navs(id: string): Promise<{ items: TrustNavRow[] }> {
    if (!(await fundRepo.findFund(this.db, id))) throw notFound('trust_not_found');
    const rows = await repo.lastNavs(this.db, id, ADMIN_NAV_ROWS);
    return {
      items: rows.map((n) => ({
        date: n.date, nav: Number(n.nav), tr: Number(n.tr), grossAssets: Number(n.gross_assets), fee: Number(n.fee), days: Number(n.days),
        distribution: Number(n.distribution), assets: Number(n.assets), units: Number(n.units), struckAt: Number(n.struck_at),
      })),
    };
  }

  /** Fees and the designated-index flag, from the next strike; audited with before / after. */
  async update(admin: AuthUser, id: string, change: TrustTermsChange): Promise<TrustAdminFund> {
    for (const name of ['trustFeePpm', 'purchaseFeePpm', 'retentionPpm'] as const) {
      const v = change[name];
      if (v !== undefined && (!Number.isInteger(v) || v < 0 || v > TRUST_FEE_BOUNDS[name])) throw invalid('config_out_of_bounds', { name, min: 0, max: TRUST_FEE_BOUNDS[name] });
    }
    const now = this.deps.clock.now();
    await this.onFund(id, async (trx, f) => {
      const before = termsOf(f);
      const patch: FundTermsPatch = {};
      if (change.trustFeePpm !== undefined && change.trustFeePpm !== before.trustFeePpm) patch.trust_fee_ppm = change.trustFeePpm;
      if (change.purchaseFeePpm !== undefined && change.purchaseFeePpm !== before.purchaseFeePpm) patch.purchase_fee_ppm = change.purchaseFeePpm;
      if (change.retentionPpm !== undefined && change.retentionPpm !== before.retentionPpm) patch.retention_ppm = change.retentionPpm;
      if (change.designatedIndex !== undefined && change.designatedIndex !== before.designatedIndex) patch.designated_index = change.designatedIndex ? 1 : 0;
      if (Object.keys(patch).length === 0) throw invalid(NOTHING_CHANGES, { field: 'change' });
      const changed = { ...f, ...patch };
      const after = termsOf(changed);
      const holders = await repo.holderCount(trx, id);
      const notices: string[] = [];
      if (feeRiseFlagged(before.trustFeePpm, after.trustFeePpm)) notices.push('trust_fee_rise_over_20pct');
      if (holders > 0) notices.push('fund_has_holders');
      await repo.updateFundTerms(trx, id, patch, now);
      await this.deps.audit.record(trx, {
        adminId: admin.id, action: 'trust.terms', target: id, reason: change.reason,
        detail: {
          before, after, holders, notices,
          eligibility: { before: eligibilityOf(factsOf(f)), after: eligibilityOf(factsOf(changed)) },
          effectiveFrom: nextUnstruck(f),
        },
      });
    });
    return this.fund(id);
  }

  /** Open or suspended (new orders and plan runs refused; pending orders still fill), audited. */
  async setStatus(admin: AuthUser, id: string, status: 'open' | 'suspended', reason: string): Promise<TrustAdminFund> {
    const now = this.deps.clock.now();
    await this.onFund(id, async (trx, f) => {
      if (f.status === status) throw conflict('order_state_invalid', { status: f.status });
      const pending = (await repo.pendingOrders(trx, id)).get(id);
      await repo.setFundStatus(trx, id, status, status === 'suspended' ? reason : null, now);
      await this.deps.audit.record(trx, {
        adminId: admin.id, action: status === 'suspended' ? 'trust.suspend' : 'trust.reopen', target: id, reason,
        detail: { from: f.status, to: status, pendingOrders: pending?.count ?? 0, pendingReserved: pending?.reserved ?? 0 },
      });
    });
    return this.fund(id);
  }

  /** The catalogue (or one fund) as the public view shows it, with the strike status and pending orders. */
  private async adminFunds(onlyId?: string): Promise<TrustAdminFund[]> {
    const [all, plans, struck, pending] = await Promise.all([
      fundRepo.fundsWithPrevNav(this.db), fundRepo.activePlanCounts(this.db), repo.lastStruckAt(this.db, onlyId), repo.pendingOrders(this.db, onlyId),
    ]);
    const rows = onlyId === undefined ? all : all.filter((r) => r.id === onlyId);
    const windows = new Map(rows.filter((r) => r.last_date !== null).map((r) => [r.id, windowStarts(r.last_date!)]));
    const ranges = [...windows.values()].flatMap((w) => w.ranges);
    const navs = await fundRepo.navsInRanges(this.db, ranges, onlyId);
    const now = this.deps.clock.now();
    return rows.map((r) => {
      const w = windows.get(r.id);
      const returns = w ? returnsOf(r, w.starts, navs.filter((n) => n.fund_id === r.id)) : NO_RETURNS;
      const p = pending.get(r.id);
      return {
        ...fundView(r, { prevNav: r.prev_nav === null ? null : Number(r.prev_nav), returns, planCount: plans.get(r.id) ?? 0 }),
        lastStruck: r.last_date,
        strikeDue: strikeDueDate(r, now),
        lastStruckAt: struck.get(r.id) ?? null,
        pendingOrders: p?.count ?? 0,
        pendingReserved: p?.reserved ?? 0,
      };
    });
  }

  /** One command on a fund: its row locked in a transaction with the audit row. */
  private async onFund(id: string, change: (trx: Transaction<DB>, f: FundRow) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const f = await repo.lockFund(trx, this.deps.database.caps.rowLocks, id);
      if (!f) throw notFound('trust_not_found');
      await change(trx, f);
    });
  }
}

/**
 * The refusal of a change that changes nothing. TODO(lead): a message id of its own
 * ('trust_no_change', messages.ts + message-texts.ts); until then the generic invalid request.
 */
const NOTHING_CHANGES = 'invalid_request' as const;

function termsOf(f: Pick<FundRow, 'trust_fee_ppm' | 'purchase_fee_ppm' | 'retention_ppm' | 'designated_index'>) {
  return {
    trustFeePpm: Number(f.trust_fee_ppm), purchaseFeePpm: Number(f.purchase_fee_ppm), retentionPpm: Number(f.retention_ppm), designatedIndex: Number(f.designated_index) === 1,
  };
}

/** A rise of more than 20 % of the old 信託報酬 (any rise from 0). */
function feeRiseFlagged(before: number, after: number): boolean {
  return after > before && (after - before) * 1_000_000 > before * FEE_RISE_NOTICE_PPM;
}

function eligibilityOf(facts: TrustFacts): TrustFundView['eligibility'] {
  return { nisa_growth: growthRefusal(facts), nisa_tsumitate: tsumitateRefusal(facts) };
}

/** The first business day not struck yet (before any strike: the inception, whose row the strike writes first). */
function nextUnstruck(f: Pick<FundRow, 'last_date' | 'inception'>): IsoDate {
  return f.last_date ? nextTradingDay(f.last_date) : f.inception;
}

/** The oldest business day whose strike is due at `now` (from 17:00 Tokyo that day) but not made; null: up to date. */
export function strikeDueDate(f: Pick<FundRow, 'last_date' | 'inception'>, now: number): IsoDate | null {
  const d = nextUnstruck(f);
  return d <= jstDate(now) && strikeDue(d, now) ? d : null;
}
