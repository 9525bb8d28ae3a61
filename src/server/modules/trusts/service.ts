/**
 * Investment trusts, the customer's use cases (docs/domain.md "Investment trusts and 積立",
 * docs/decisions/026-investment-trusts.md): the catalogue and a fund's NAV history, the ticket's
 * estimate, orders at the next NAV (place, cancel, list), the holdings and what they add to
 * funds/summary and funds/history. The strike and payouts are in jobs.ts, the admin's use cases in
 * admin.ts.
 *
 * Use cases for other areas (only through index.ts):
 * - `placeInTransaction(trx, userId, body, origin, now): Promise<TrustOrderView>` — the plans area's
 *   fund run: places the order inside the caller's transaction (the run's money command, which
 *   also inserts its plan_run row), with `origin = { source: 'plan', planId }` (つみたて投資枠
 *   allowed). Throws the typed refusals (DomainError: trust_not_found, trust_suspended,
 *   account_type_unavailable, nisa_not_eligible, trust_min_amount, nisa_limit_exceeded,
 *   shortfall_owed, balance_insufficient, invalid_request); the caller's transaction then rolls
 *   back. The account-state guard is the caller's (a run has no session).
 * - `place(user, body, key)` is the same command for the user at the ticket, in its own money
 *   command (idempotency key from the request).
 */
import type { AuthUser } from '../../auth/principal';
import { moneyCommand } from '../../ledger';
import { invalid, notFound } from '../../errors';
import type { AccountService } from '../account';
import type { Holdings } from '../module';
import type { IsoDate } from '../../../shared/market';
import type { z } from 'zod';
import type { trustListQuery, TrustDetail, TrustFundView, TrustHoldingView, TrustOrderBody, TrustOrderView, TrustPreview } from '../../../shared/api/trusts';
import * as fundRepo from './fund-repo';
import * as orderRepo from './order-repo';
import { cancelOrder, placeOrder, previewOrder, type OrderOrigin, type TrustCtx, type Trx } from './orders';
import { dayEndValues, holdingsList, holdingsOf } from './holdings';
import { fundView, orderView, returnsOf, windowStarts } from './view';
import type { FundRow } from './fund-repo';
import { ensureTrustDefaults } from './jobs';

export type TrustListQuery = z.infer<typeof trustListQuery>;

export class TrustService {
  constructor(
    private readonly ctx: TrustCtx,
    private readonly accounts: Pick<AccountService, 'assertCanTrade' | 'assertCanClose'>,
  ) {}

  private catalogueReady = false;

  private get db() {
    return this.ctx.database.db;
  }

  /** The catalogue exists before the first job run (an idempotent insert of the missing default funds, once per process). */
  async ensureCatalogue(): Promise<void> {
    if (this.catalogueReady) return;
    await ensureTrustDefaults(this.db, this.ctx.clock.now());
    this.catalogueReady = true;
  }

  /**
   * The catalogue filtered and ranked. Three reads whatever the catalogue's size: the funds with
   * the NAV of their previous strike, the strikes around the return windows' starts, the 積立 counts.
   */
  async list(q: TrustListQuery): Promise<{ items: TrustFundView[] }> {
    await this.ensureCatalogue();
    const funds = await fundRepo.fundsWithPrevNav(this.db);
    const views = await this.views(funds);
    const text = q.q?.toLowerCase();
    const items = views.filter(
      (v) =>
        (!text || v.code.toLowerCase().includes(text) || Object.values(v.names).some((n) => n.toLowerCase().includes(text))) &&
        (q.category === undefined || v.category === q.category) &&
        (q.maxFeePpm === undefined || v.trustFeePpm <= q.maxFeePpm) &&
        (q.risk === undefined || v.risk === q.risk) &&
        (q.nisa === undefined || v.eligibility[q.nisa] === null),
    );
    const score = (v: TrustFundView) => (q.sort === 'return' ? (v.returns.y1 ?? Number.NEGATIVE_INFINITY) : q.sort === 'plans' ? v.planCount : v.assets);
    items.sort((a, b) => score(b) - score(a) || a.code.localeCompare(b.code));
    return { items };
  }

  private async views(funds: (FundRow & { prev_nav: number | null })[]): Promise<TrustFundView[]> {
    const lastDates = [...new Set(funds.map((f) => f.last_date).filter((d): d is string => d !== null))];
    const windows = new Map(lastDates.map((d) => [d, windowStarts(d)]));
    const [navs, plans] = await Promise.all([
      fundRepo.navsInRanges(this.db, [...windows.values()].flatMap((w) => w.ranges), funds.length === 1 ? funds[0]!.id : undefined),
      fundRepo.activePlanCounts(this.db),
    ]);
    return funds.map((f) => {
      const w = f.last_date === null ? null : windows.get(f.last_date)!;
      const returns = returnsOf(f, w?.starts ?? windowStarts(f.inception).starts, w ? navs.filter((n) => n.fund_id === f.id) : []);
      return fundView(f, { prevNav: f.prev_nav === null ? null : Number(f.prev_nav), returns, planCount: plans.get(f.id) ?? 0 });
    });
  }

  async detail(id: string): Promise<TrustDetail> {
    await this.ensureCatalogue();
    const f = await fundRepo.findFund(this.db, id);
    if (!f) throw notFound('trust_not_found');
    const prevNav = f.last_date === null ? null : await fundRepo.navBefore(this.db, id, f.last_date);
    const [fund] = await this.views([{ ...f, prev_nav: prevNav }]);
    const history = (await fundRepo.navHistory(this.db, id)).map((n) => ({ date: n.date, nav: Number(n.nav), tr: Number(n.tr), distribution: Number(n.distribution) }));
    return { fund: fund!, history };
  }

  async preview(user: AuthUser, body: TrustOrderBody): Promise<TrustPreview> {
    await this.ensureCatalogue();
    return previewOrder(this.ctx, user.id, body, { source: 'order' });
  }

  /** A buy (cash reserved until the strike) or a 解約 at the next NAV, once per idempotency key. */
  place(user: AuthUser, body: TrustOrderBody, key: string): Promise<TrustOrderView> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op: 'trusts.order', request: body, clock: this.ctx.clock,
      // A restricted account may still redeem (返済のみ), as it may close positions.
      guard: async () => {
        if (body.side === 'buy') this.accounts.assertCanTrade(user);
        else this.accounts.assertCanClose(user);
        await this.ensureCatalogue();
      },
      run: ({ trx, now }) => this.placeInTransaction(trx, user.id, body, { source: 'order' }, now),
    });
  }

  /** The order command inside the caller's transaction (a plan run's; see the file's comment). */
  async placeInTransaction(trx: Trx, userId: string, body: TrustOrderBody, origin: OrderOrigin, now: number): Promise<TrustOrderView> {
    const { row, fund } = await placeOrder(this.ctx, trx, userId, body, origin, now);
    return orderView(row, fund, now);
  }

  cancel(user: AuthUser, orderId: string, key: string): Promise<TrustOrderView> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op: 'trusts.cancel', request: { orderId }, clock: this.ctx.clock,
      guard: () => this.accounts.assertCanClose(user),
      run: async ({ trx, now }) => {
        const { row, fund } = await cancelOrder(this.ctx, trx, user.id, orderId, now);
        return orderView(row, fund, now);
      },
    });
  }

  /** The user's orders, newest first; `cursor` is the previous page's `next`. */
  async orders(userId: string, q: { open: '0' | '1'; cursor?: string; limit: number }): Promise<{ items: TrustOrderView[]; next: string | null }> {
    const after = q.cursor === undefined ? undefined : parseCursor(q.cursor);
    const rows = await orderRepo.ordersOfUser(this.db, userId, { open: q.open === '1', after, limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    const funds = new Map<string, FundRow>();
    for (const id of new Set(page.map((r) => r.fund_id))) funds.set(id, (await fundRepo.findFund(this.db, id))!);
    const now = this.ctx.clock.now();
    const last = page.at(-1);
    return { items: page.map((r) => orderView(r, funds.get(r.fund_id)!, now)), next: rows.length > q.limit && last ? `${Number(last.ordered_at)}_${last.id}` : null };
  }

  holdings(userId: string): Promise<{ items: TrustHoldingView[] }> {
    return holdingsList(this.db, userId);
  }

  /** What the user's funds add to funds/summary (holdings.ts). */
  holdingsOf(userId: string): Promise<Holdings> {
    return holdingsOf(this.db, userId);
  }

  /** What they add to funds/history's past days (holdings.ts). */
  dayEndValues(userId: string, days: readonly IsoDate[]): Promise<number[]> {
    return dayEndValues(this.db, userId, days);
  }
}

function parseCursor(cursor: string): { at: number; id: string } {
  const m = /^(\d{1,16})_([0-9a-f-]{36})$/.exec(cursor);
  if (!m) throw invalid('invalid_request', { field: 'cursor' });
  return { at: Number(m[1]), id: m[2]! };
}
