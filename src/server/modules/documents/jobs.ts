/**
 * The documents' due work (docs/domain.md "Documents and exports"): a 取引報告書 for every execution
 * without one, the quarter's 取引残高報告書 on the first run on or after a quarter's first day, and
 * the 特定口座年間取引報告書 of the year just closed on the first run on or after 1 January. Each
 * document's source key is unique, so a repeated or concurrent run issues nothing twice; a failing
 * execution or user is logged, counted and retried on the next run while the rest go on.
 *
 * Registered last in src/server/modules/index.ts: executions that trade, trusts and plans make in
 * a run get their documents in that same run.
 */
import type { Logger } from '../../logger';
import type { JobHandler } from '../module';
import { quarterOf } from '../../../shared/domain/documents';
import { addDays, jstDate, jstMs, type IsoDate } from '../../../shared/market';
import { pendingExecutions } from './executions';
import { usersWithActivity, usersWithSpecificIncome, type ReportDeps } from './reports';
import { annualInput, balanceInput, contractNoteInput, quarterKey, type DocumentIssuer } from './issue';
import { jobMark, setJobMark } from '../../platform/job-marks';

export interface DocumentsJobReport {
  contractNotes: number;
  balanceReports: number;
  annualReports: number;
  errors: number;
}

/** job_state rows: the execution scan's instant, the start of the quarter (year) reached. */
const MARK_EXECUTIONS = 'documents.executions';
const MARK_QUARTER = 'documents.quarter';
const MARK_ANNUAL = 'documents.annual';
const BATCH = 500;
const DAY_MS = 86_400_000;

export class DocumentsJob implements JobHandler<DocumentsJobReport> {
  constructor(
    private readonly deps: ReportDeps,
    private readonly issuer: DocumentIssuer,
    private readonly logger: Logger,
  ) {}

  async run(at: number): Promise<DocumentsJobReport> {
    const report: DocumentsJobReport = { contractNotes: 0, balanceReports: 0, annualReports: 0, errors: 0 };
    // Without a font nothing can be issued (logged once at start); the marks stay, so the backlog is
    // issued once a font is configured.
    if (!this.issuer.available) return report;
    await this.contractNotes(at, report);
    await this.quarterly(at, report);
    await this.annual(at, report);
    return report;
  }

  /**
   * Every execution since the last scan (less a day, for entries written late in a run) without a
   * document, 500 at a time. A failed one holds the mark back so the next run sees it again.
   */
  private async contractNotes(at: number, report: DocumentsJobReport): Promise<void> {
    const db = this.deps.db;
    const mark = await jobMark(db, MARK_EXECUTIONS);
    const since = mark === null ? 0 : mark - DAY_MS;
    const failed = new Set<string>();
    let firstFailed = Infinity;
    for (;;) {
      const pending = await pendingExecutions(db, since, BATCH, this.deps.names);
      const batch = pending.filter((e) => !failed.has(e.sourceKey));
      let issued = 0;
      for (const e of batch) {
        try {
          if (await this.issuer.issue(contractNoteInput(e), at)) issued++;
        } catch (err) {
          failed.add(e.sourceKey);
          firstFailed = Math.min(firstFailed, e.executedAt);
          report.errors++;
          this.logger.warn({ err, sourceKey: e.sourceKey }, 'contract note not issued');
        }
      }
      report.contractNotes += issued;
      // Done when the scan is exhausted, or only failures are left in it.
      if (pending.length < BATCH || issued === 0) break;
    }
    await setJobMark(db, MARK_EXECUTIONS, Math.min(at, firstFailed));
  }

  /** The quarters closed since the last run (the first run ever records the current one, issuing no history). */
  private async quarterly(at: number, report: DocumentsJobReport): Promise<void> {
    const db = this.deps.db;
    const current = jstMs(quarterOf(jstDate(at)).from, 0, 0);
    const mark = await jobMark(db, MARK_QUARTER);
    if (mark === null) return setJobMark(db, MARK_QUARTER, current);
    let errors = 0;
    for (let q = quarterOf(jstDate(mark)); jstMs(q.from, 0, 0) < current; q = quarterOf(addDays(q.to, 1))) {
      const from = jstMs(q.from, 0, 0);
      const end = jstMs(addDays(q.to, 1), 0, 0) - 1;
      for (const userId of await usersWithActivity(db, from, end)) {
        const ok = await this.oneUser(userId, report, async () =>
          this.issuer.issue(await balanceInput(this.deps, userId, { from: q.from, to: q.to, asOf: end, period: q.label, sourceKey: quarterKey(userId, q.from, q.to) }), at),
        );
        if (ok === null) errors++;
        else if (ok) report.balanceReports++;
      }
    }
    // A failed user keeps the mark: the next run tries the quarter again (issued ones are skipped by key).
    if (errors === 0 && current > mark) await setJobMark(db, MARK_QUARTER, current);
  }

  /** The years closed since the last run: the 特定口座年間取引報告書 of each user with 特定 income in them. */
  private async annual(at: number, report: DocumentsJobReport): Promise<void> {
    const db = this.deps.db;
    const year = Number(jstDate(at).slice(0, 4));
    const current = jstMs(`${year}-01-01` as IsoDate, 0, 0);
    const mark = await jobMark(db, MARK_ANNUAL);
    if (mark === null) return setJobMark(db, MARK_ANNUAL, current);
    let errors = 0;
    for (let y = Number(jstDate(mark).slice(0, 4)); y < year; y++) {
      for (const userId of await usersWithSpecificIncome(db, y)) {
        const ok = await this.oneUser(userId, report, async () => this.issuer.issue(await annualInput(this.deps, userId, y), at));
        if (ok === null) errors++;
        else if (ok) report.annualReports++;
      }
    }
    if (errors === 0 && current > mark) await setJobMark(db, MARK_ANNUAL, current);
  }

  /** One user's document: true issued, false already there, null failed (logged and counted). */
  private async oneUser(userId: string, report: DocumentsJobReport, issue: () => Promise<unknown>): Promise<boolean | null> {
    try {
      return (await issue()) !== null;
    } catch (err) {
      report.errors++;
      this.logger.warn({ err, userId }, 'report not issued');
      return null;
    }
  }
}
