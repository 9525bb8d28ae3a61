import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { JobHandler } from '../modules/module';

/**
 * Where the due runs of a period are recorded (scale-out mode, platform/job-queue.ts): a handler
 * that completed the period is not run again when the period is retried.
 */
export interface JobJournal {
  /** The handlers that completed `period` already. */
  doneIn(period: string): Promise<Set<string>>;
  record(job: string, period: string, startedAt: number, finishedAt: number): Promise<void>;
}

/** Who schedules the due runs instead of the in-process timer (pg-boss in scale-out mode). */
export interface JobQueue {
  /** Starts scheduling and working; resolves to the stop function. */
  start(jobs: Jobs<any>): Promise<() => Promise<void>>;
}

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
    /** Scale-out: pg-boss schedules the runs (any instance, once each); default: the timer below. */
    private readonly queue?: JobQueue,
  ) {}

  /**
   * Runs everything due at `now`, after any run in progress has finished (so a caller who just
   * moved the clock always gets a run at its own instant, never a stale one). Handlers run one
   * after another, in registry order.
   */
  runDue(now?: number): Promise<JobReport<H>> {
    return this.serial(() => this.runHandlers(now ?? this.clock.now(), new Set())) as Promise<JobReport<H>>;
  }

  /**
   * The due run of one scheduled period (pg-boss hands it to one instance): every handler in registry
   * order at the clock's now, skipping those the journal shows done for `period` (a retry after a
   * failure or a dead instance resumes where the run stopped), each completion journaled.
   */
  runPeriod(period: string, journal: JobJournal): Promise<Partial<JobReport<H>>> {
    return this.serial(async () => this.runHandlers(this.clock.now(), await journal.doneIn(period), (name, startedAt) => journal.record(name, period, startedAt, Date.now())));
  }

  /** Queues `body` behind the run in progress, so runs never overlap. */
  private serial<T>(body: () => Promise<T>): Promise<T> {
    this.busy++;
    const run = this.tail.then(body);
    this.tail = run.catch(() => undefined).finally(() => this.busy--);
    return run;
  }

  /** Every handler not in `skip`, in registry order, at `at`; `done` hears of each completion. */
  private async runHandlers(at: number, skip: Set<string>, done?: (name: string, startedAt: number) => Promise<void>): Promise<Partial<JobReport<H>>> {
    const report: Record<string, unknown> = { at };
    for (const [name, handler] of Object.entries(this.handlers)) {
      if (skip.has(name)) continue;
      const startedAt = Date.now();
      report[name] = await handler.run(at);
      await done?.(name, startedAt);
    }
    return report as Partial<JobReport<H>>;
  }

  /**
   * Runs every `intervalMs` from the injected clock (skipping a beat while busy); returns a stop
   * function. With a queue (scale-out), the queue schedules the runs instead.
   */
  start(intervalMs: number): () => Promise<void> {
    if (this.queue) {
      const started = this.queue.start(this);
      started.catch((err: unknown) => this.logger.error({ err }, 'job queue did not start'));
      return async () => {
        const stop = await started.catch(() => null);
        await stop?.();
        await this.tail;
      };
    }
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
