import { jobMark, setJobMark } from '../../platform/job-marks';
import type { Database } from '../../db/database';
import type { JobHandler } from '../module';
import { notify } from '../messaging';
import { nisaUsageOf } from '../trade';
import { jstYear } from '../../../shared/market/jst';
import { yearStart } from './rules';
import * as repo from './repo';

/** job_state row of this job: the Tokyo year whose opening was announced. */
const MARK = 'tax-account.nisa-year';

/**
 * The NISA year change (docs/domain.md "Account types and NISA"). Nothing resets on 1 January: the
 * room is derived from the holdings and the clock's year. This job only tells each NISA user, on
 * its first run in a new Tokyo year, that the year's room is open and how much lifetime room last
 * year's sales freed. The year done is kept in job_state and each message has a dedupe key, so a
 * second run (or instance) sends nothing. The very first run only records the year: there was no
 * year change to announce.
 */
export class NisaYearJob implements JobHandler<{ messages: number }> {
  constructor(private readonly database: Database) {}

  async run(at: number): Promise<{ messages: number }> {
    const year = jstYear(at);
    return this.database.db.transaction().execute(async (trx) => {
      const done = await jobMark(trx, MARK);
      if (done !== null && done >= year) return { messages: 0 };
      let messages = 0;
      if (done !== null) {
        for (const userId of await repo.nisaUsers(trx)) {
          const usage = await nisaUsageOf(trx, userId, at);
          // Last year's figures at its last instant: the book value its sales free from today.
          const last = await nisaUsageOf(trx, userId, yearStart(year) - 1);
          const id = await notify(trx, {
            userId, kind: 'nisa_year_opened', at,
            params: {
              year,
              growthRemaining: usage.frames.nisa_growth.remaining,
              tsumitateRemaining: usage.frames.nisa_tsumitate.remaining,
              lifetimeRemaining: usage.lifetime.remaining,
              freed: last.freesNextYear,
            },
            dedupeKey: `nisa-year:${year}:${userId}`,
          });
          if (id) messages += 1;
        }
      }
      await setJobMark(trx, MARK, year);
      return { messages };
    });
  }
}
