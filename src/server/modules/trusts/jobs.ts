/**
 * The investment trusts' daily work (docs/domain.md "Investment trusts and 積立"): creating the
 * catalogue on the first run, then for each fund every NAV strike that is due (strike.ts: with its
 * distributions and the fills of the orders of each day), then the 解約 payouts whose 受渡日 has come
 * (payout.ts). Work derives from the stored rows and the instant: a repeated or late run catches
 * up in order and never does anything twice.
 *
 * Wiring (src/server/services.ts, with the strategies' collaborators; `clock` is the market clock):
 *   const trustStrikeJob = new TrustStrikeJob({ database, clock: marketClock, ledger, market }, logger);
 * and in the module (src/server/modules/trusts/index.ts):
 *   jobs: (s) => ({ trusts: s.trustStrikeJob }),
 * registered after trade (the strike reads the market, not trade's rows, so any place after it is fine).
 */
import type { Logger } from '../../logger';
import type { Executor } from '../../db/executor';
import type { JobHandler } from '../module';
import { DEFAULT_TRUSTS, newFundRow } from './defaults';
import type { TrustStrikeCtx } from './entries';
import { TrustPayouts } from './payout';
import { TrustStrike } from './strike';
import * as repo from './strike-repo';

export interface TrustJobReport {
  /** Business days struck (all funds). */
  struck: number;
  /** Orders filled (or failed) at a strike. */
  filled: number;
  /** 解約 paid on their 受渡日. */
  paid: number;
  /** Holdings paid a distribution. */
  distributed: number;
  /** Funds or payouts that failed this run (logged; retried on the next). */
  errors: number;
}

/**
 * Creates the catalogue's funds that do not exist yet (idempotent: safe on every start and on two
 * instances). The order use cases may call it too, so the catalogue exists before the first job run.
 */
export async function ensureTrustDefaults(db: Executor, now: number): Promise<void> {
  const existing = new Set(await repo.fundIds(db));
  const missing = DEFAULT_TRUSTS.filter((d) => !existing.has(d.id)).map((d) => newFundRow(d, now));
  await repo.insertFundsIfAbsent(db, missing);
}

export class TrustStrikeJob implements JobHandler<TrustJobReport> {
  private readonly strike: TrustStrike;
  private readonly payouts: TrustPayouts;
  private defaultsReady = false;

  constructor(
    private readonly ctx: TrustStrikeCtx,
    private readonly logger: Logger,
  ) {
    this.strike = new TrustStrike(ctx);
    this.payouts = new TrustPayouts(ctx);
  }

  async run(at: number): Promise<TrustJobReport> {
    const report: TrustJobReport = { struck: 0, filled: 0, paid: 0, distributed: 0, errors: 0 };
    if (!this.defaultsReady) {
      await ensureTrustDefaults(this.ctx.database.db, at);
      this.defaultsReady = true;
    }
    for (const f of await repo.fundsToStrike(this.ctx.database.db)) {
      try {
        const c = await this.strike.catchUp(f, at);
        report.struck += c.struck;
        report.filled += c.filled;
        report.distributed += c.distributed;
      } catch (err) {
        report.errors++;
        this.logger.warn({ err, fund: f.id }, 'trust strike failed');
      }
    }
    report.paid = await this.payouts.runDue(at, (orderId, err) => {
      report.errors++;
      this.logger.warn({ err, order: orderId }, 'trust payout failed');
    });
    return report;
  }
}
