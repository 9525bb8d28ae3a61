import { createHash, randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { JobJournal, JobQueue, Jobs } from './jobs';
import { withAdvisoryLock } from './advisory-lock';
import type { Config } from './config';

/**
 * Scheduled jobs in scale-out mode (docs/decisions/021-scale-out.md): pg-boss over the
 * same PostgreSQL. Every instance with KABUTO_ROLE=jobs|all ticks each `periodMs` of the wall clock
 * and offers the period's due run as ONE pg-boss job: its id is derived from the period and
 * pg-boss inserts with ON CONFLICT DO NOTHING, so however many instances offer it, it exists once
 * (singleton key `due:<period>` names it). Whichever worker fetches it (SKIP LOCKED) runs every
 * module handler in registry order (Jobs.runPeriod); a failure is retried (retryLimit), an instance
 * that dies mid-run leaves the job active until it expires and another instance retries it — the
 * journal (table job_run) makes the retry skip the handlers that already completed the period.
 * Two periods never run at once: a run holds a PostgreSQL advisory lock, released by the server
 * when the holder's connection dies.
 */
export const DUE_QUEUE = 'kabuto.due';
const DUE_LOCK = 'kabuto.due';

export interface PgBossQueueOptions {
  url: string;
  /** pg-boss's own schema (default `pgboss`). */
  schema?: string;
  /** Periods are counted on this clock (the wall clock: the market clock may be frozen in tests). */
  wallClock: Clock;
  /** Default 5 s (KABUTO_JOB_PERIOD_MS). */
  periodMs?: number;
  /** How often a worker asks for work (default 0.5 s, pg-boss' minimum). */
  pollSeconds?: number;
  logger: Logger;
  database: Database;
}

/** A uuid (v4 layout) that is a pure function of `text`, for pg-boss' job id. */
function stableUuid(text: string): string {
  const h = createHash('sha256').update(text).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The journal on the job_run table (migration 2026-11-26-003-scaleout). */
export class JobRunJournal implements JobJournal {
  constructor(
    private readonly database: Database,
    readonly instance: string,
  ) {}
  async doneIn(period: string): Promise<Set<string>> {
    const r = await sql<{ job: string }>`select job from job_run where period = ${period}`.execute(this.database.db);
    return new Set(r.rows.map((row) => row.job));
  }
  async record(job: string, period: string, startedAt: number, finishedAt: number): Promise<void> {
    await sql`insert into job_run (job, period, instance, started_at, finished_at) values (${job}, ${period}, ${this.instance}, ${startedAt}, ${finishedAt})`.execute(this.database.db);
  }
  /** Runs per (job, period) — the scale test's proof of exactly once. */
  async counts(sincePeriod = 0): Promise<Array<{ job: string; period: string; runs: number }>> {
    const r = await sql<{ job: string; period: string; runs: number | string }>`
      select job, period, count(*) as runs from job_run where cast(period as bigint) >= ${sincePeriod} group by job, period order by period, job`.execute(this.database.db);
    return r.rows.map((row) => ({ job: row.job, period: row.period, runs: Number(row.runs) }));
  }
  /** Keeps a day of journal (a row per handler per period adds up). */
  async prune(before: number): Promise<void> {
    await sql`delete from job_run where finished_at < ${before}`.execute(this.database.db);
  }
}

export class PgBossQueue implements JobQueue {
  readonly instance = `${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly journal: JobRunJournal;
  private readonly periodMs: number;
  private boss: PgBoss | null = null;

  constructor(private readonly opts: PgBossQueueOptions) {
    this.periodMs = opts.periodMs ?? 5_000;
    this.journal = new JobRunJournal(opts.database, this.instance);
  }

  periodAt(ms: number): number {
    return Math.floor(ms / this.periodMs);
  }

  /**
   * Offers the due run of the period `now` falls in (default: the wall clock's now). True when this
   * call created it, false when another instance (or an earlier tick) already had.
   */
  async offer(now = this.opts.wallClock.now()): Promise<boolean> {
    if (!this.boss) throw new Error('the job queue is not started');
    const period = String(this.periodAt(now));
    const id = await this.boss.send(DUE_QUEUE, { period }, {
      id: stableUuid(`${DUE_QUEUE}:${period}`),
      singletonKey: `due:${period}`,
      retryLimit: 5,
      retryDelay: 1,
      expireInSeconds: 120,
    });
    return id !== null;
  }

  async start(jobs: Jobs<any>): Promise<() => Promise<void>> {
    const { logger } = this.opts;
    const boss = new PgBoss({
      connectionString: this.opts.url,
      schema: this.opts.schema ?? 'pgboss',
      max: 3,
      // Completed runs are history the journal keeps; pg-boss keeps a day for inspection.
      deleteAfterDays: 1,
    });
    boss.on('error', (err: unknown) => logger.error({ err }, 'pg-boss'));
    await boss.start();
    this.boss = boss;
    if (!(await boss.getQueue(DUE_QUEUE))) await boss.createQueue(DUE_QUEUE, { name: DUE_QUEUE, policy: 'standard' });

    await boss.work<{ period: string }>(DUE_QUEUE, { batchSize: 1, pollingIntervalSeconds: this.opts.pollSeconds ?? 0.5 }, async ([job]) => {
      if (!job) return;
      const report = await withAdvisoryLock(this.opts.database, DUE_LOCK, () => jobs.runPeriod(job.data.period, this.journal));
      logger.debug({ period: job.data.period, report }, 'due run');
    });

    let last = -1;
    const tick = async () => {
      const now = this.opts.wallClock.now();
      const period = this.periodAt(now);
      if (period === last) return;
      last = period;
      await this.offer(now);
      // About once an hour: drop journal rows older than a day.
      if (period % Math.max(1, Math.round(3_600_000 / this.periodMs)) === 0) await this.journal.prune(now - 86_400_000);
    };
    const timer = setInterval(() => void tick().catch((err: unknown) => logger.error({ err }, 'offering the due run failed')), Math.min(1_000, this.periodMs));
    timer.unref();
    void tick().catch((err: unknown) => logger.error({ err }, 'offering the due run failed'));
    return async () => {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      this.boss = null;
    };
  }
}

/**
 * PostgreSQL (scale-out) → pg-boss, unless KABUTO_JOBS=local keeps the in-process timer (one
 * instance on PostgreSQL). SQLite → none: the in-process runner (platform/jobs.ts).
 */
export function jobQueueFromConfig(
  settings: Pick<Config, 'database' | 'jobs'>,
  deps: { database: Database; wallClock: Clock; logger: Logger },
): PgBossQueue | undefined {
  const { url } = settings.database;
  const { local, pgbossSchema, periodMs } = settings.jobs;
  if (deps.database.caps.dialect !== 'postgres' || !url || local) return undefined;
  return new PgBossQueue({
    url,
    schema: pgbossSchema ?? (deps.database.schema ? `${deps.database.schema}_pgboss` : 'pgboss'),
    periodMs,
    ...deps,
  });
}
