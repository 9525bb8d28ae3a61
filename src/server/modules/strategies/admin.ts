/**
 * Strategy funds, the admin's use cases (docs/domain.md "Strategy funds"): the list with terminated
 * funds, creating a fund, pausing or resuming it, terminating it and changing its fee. Each command
 * locks the fund row and is audited with its reason in the same transaction.
 */
import type { z } from 'zod';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import { conflict, invalid } from '../../errors';
import type { createStrategyBody, StrategySummary } from '../../../shared/api/strategies';
import { DEFAULT_FUNDS } from './defaults';
import type { NewFund, StrategyCtx, StrategyFunds, Trx } from './funds';
import * as fundRepo from './fund-repo';
import type { FundRow } from './fund-repo';

type CreateBody = z.infer<typeof createStrategyBody>;

export class StrategyAdmin {
  constructor(
    private readonly ctx: StrategyCtx,
    private readonly funds: StrategyFunds,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<{ items: StrategySummary[] }> {
    const rows = await fundRepo.allFunds(this.ctx.database.db);
    return { items: await Promise.all(rows.map((r) => this.funds.summary(r))) };
  }

  async create(admin: AuthUser, body: CreateBody): Promise<StrategySummary> {
    if ((body.kind === 'follow') !== (body.rule === 'follow_model')) throw invalid('invalid_request', { field: 'rule' });
    if (body.kind === 'follow' && (!body.model || !body.followUntil)) throw invalid('invalid_request', { field: body.model ? 'followUntil' : 'model' });
    const params = body.params ?? DEFAULT_FUNDS.find((d) => d.rule === body.rule)!.params;
    const now = this.ctx.clock.now();
    const row = await this.ctx.ledger.transact(async (trx) => {
      if (await fundRepo.fundExists(trx, body.id)) throw conflict('invalid_request', { field: 'id' });
      const r = await this.funds.insert(trx, newFundOf(body, params), now);
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.create', target: r.id, reason: body.reason, detail: { ...body, params } });
      return r;
    });
    return this.funds.summary(row);
  }

  pause(admin: AuthUser, id: string, paused: boolean, reason: string): Promise<StrategySummary> {
    return this.onFund(id, async (trx, f) => {
      const from = paused ? 'active' : 'paused';
      if (f.status !== from) throw conflict('order_state_invalid', { status: f.status });
      const to = paused ? 'paused' : 'active';
      await fundRepo.setFundStatus(trx, id, to, this.ctx.clock.now());
      await this.audit.record(trx, { adminId: admin.id, action: paused ? 'strategy.pause' : 'strategy.resume', target: id, reason, detail: { from, to } });
      return { ...f, status: to };
    });
  }

  /** Termination: the fund sells everything at the next session and pays every holder at the final NAV. */
  terminate(admin: AuthUser, id: string, reason: string): Promise<StrategySummary> {
    return this.onFund(id, async (trx, f) => {
      assertNotEnding(f);
      await fundRepo.setFundStatus(trx, id, 'terminating', this.ctx.clock.now());
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.terminate', target: id, reason, detail: { from: f.status } });
      return { ...f, status: 'terminating' };
    });
  }

  /** A new fee applies to new subscriptions only: each holding keeps the rate it subscribed at. */
  setFee(admin: AuthUser, id: string, feeBp: number, reason: string): Promise<StrategySummary> {
    return this.onFund(id, async (trx, f) => {
      assertNotEnding(f);
      await fundRepo.setFundFee(trx, id, feeBp, this.ctx.clock.now());
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.fee', target: id, reason, detail: { from: f.fee_bp, to: feeBp } });
      return { ...f, fee_bp: feeBp };
    });
  }

  /** One command on a fund: its row locked in a transaction, the changed row's summary after the commit. */
  private async onFund(id: string, change: (trx: Trx, f: FundRow) => Promise<FundRow>): Promise<StrategySummary> {
    const row = await this.ctx.ledger.transact(async (trx) => change(trx, await this.funds.lock(trx, id)));
    return this.funds.summary(row);
  }
}

function assertNotEnding(f: FundRow): void {
  if (f.status === 'terminating' || f.status === 'terminated') throw conflict('order_state_invalid', { status: f.status });
}

/** The fund an admin creates (a follow-order fund's follow period is the admin's date, not a number of days). */
function newFundOf(body: CreateBody, params: NewFund['params']): NewFund {
  return {
    id: body.id, kind: body.kind, name: body.name, nameEn: body.nameEn, nameZhHant: body.nameZhHant, nameKo: body.nameKo, rule: body.rule, params, model: body.model ?? null, minAmount: body.minAmount,
    lockDays: body.lockDays, feeBp: body.feeBp, followDays: null, followUntil: body.followUntil ?? null,
  };
}
