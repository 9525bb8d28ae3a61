import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { JobHandler } from '../modules/module';

/** What a run did: the instant, and each handler's report under its name. */
export type JobReport<H extends Record<string, JobHandler>> = { at: number } & {
  [K in keyof H]: Awaited<ReturnType<H[K]['run']>>;
};

/**
 * Runs the work that is due at an instant (docs/architecture.md, "Jobs"): every job handler the
 * modules register (src/server/modules/index.ts). `runDue(now)` is the whole contract: tests drive
 * it with the clock they set; main.ts calls it on an interval. Work is derived from stored rows
 * and the instant alone, so a late or repeated run catches up in time order and never applies
 * anything twice.
 */
export class Jobs<H extends Record<string, JobHandler> = Record<string, JobHandler>> {
  /** The run in progress (or the last one); runs never overlap. */
  private tail: Promise<unknown> = Promise.resolve();
  private busy = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly handlers: H,
  ) {}

  /**
   * Runs everything due at `now`, after any run in progress has finished (so a caller who just
   * moved the clock always gets a run at its own instant, never a stale one). Handlers run one
   * after another, in registry order.
   */
  runDue(now?: number): Promise<JobReport<H>> {
    this.busy++;
    const run = this.tail.then(async () => {
      const at = now ?? this.clock.now();
      const report: Record<string, unknown> = { at };
      for (const [name, handler] of Object.entries(this.handlers)) report[name] = await handler.run(at);
      return report as JobReport<H>;
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
          if (didSomething(r)) this.logger.info(r as object, 'jobs ran');
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

/** True when any handler's report counts something (a quiet run is not logged). */
function didSomething(report: Record<string, unknown>): boolean {
  return Object.entries(report).some(
    ([name, r]) => name !== 'at' && typeof r === 'object' && r !== null && Object.values(r).some((v) => typeof v === 'number' && v > 0),
  );
}
