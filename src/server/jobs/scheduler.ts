import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { TradingEngine, EngineReport } from '../modules/trade/engine';

export interface JobReport {
  at: number;
  trading: EngineReport;
}

/**
 * Runs the work that is due at an instant (DESIGN.md §3 jobs/). `runDue(now)` is the whole
 * contract: tests drive it with the clock they set; main.ts calls it on an interval. Work is
 * derived from stored rows and the instant alone, so a late or repeated run catches up in time
 * order and never applies anything twice.
 */
export class Jobs {
  /** The run in progress (or the last one); runs never overlap. */
  private tail: Promise<unknown> = Promise.resolve();
  private busy = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly trading: TradingEngine,
  ) {}

  /**
   * Runs everything due at `now`, after any run in progress has finished (so a caller who just
   * moved the clock always gets a run at its own instant, never a stale one).
   */
  runDue(now?: number): Promise<JobReport> {
    this.busy++;
    const run = this.tail.then(async () => {
      const at = now ?? this.clock.now();
      return { at, trading: await this.trading.run(at) };
    });
    this.tail = run.catch(() => undefined).finally(() => this.busy--);
    return run;
  }

  /** Runs every `intervalMs` from the injected clock (skipping a beat while busy); returns a stop function. */
  start(intervalMs: number): () => Promise<void> {
    const timer = setInterval(() => {
      if (this.busy > 0) return;
      this.runDue().then(
        (r) => {
          const t = r.trading;
          if (t.filled + t.closed + t.expired + t.autoClosed + t.forcedClosed + t.marginCalls + t.errors > 0) this.logger.info(r, 'jobs ran');
        },
        (err: unknown) => this.logger.error({ err }, 'jobs run failed'),
      );
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.tail;
    };
  }
}
