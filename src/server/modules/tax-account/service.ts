import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import { decideReview, type ReviewDecision, type ReviewStatus } from '../../platform/review';
import { conflict, notFound, ruleBroken } from '../../errors';
import { lockCash } from '../../ledger';
import { notify } from '../messaging';
import { nisaUsageOf } from '../trade';
import type { KycService } from '../kyc';
import type { NisaQueueItem, TaxAccountChoice, TaxAccountView, UserNisaView } from '../../../shared/api/tax-account';
import { flagsOf, lockedYear, nextChange, nisaApplyRefusal, nisaStateOf, yearStart } from './rules';
import { jstYear } from '../../../shared/market/jst';
import * as repo from './repo';

/** No tax_account row: 特定口座 with withholding, what every user had before issue 38. */
const DEFAULT_FLAGS = { specific: 1, withholding: 1 } as const;

/**
 * The last Tokyo year the user's 源泉徴収 choice is fixed for (a 特定 sale or dividend this year, or
 * a 特定 netting row for this year or the next), or null when it may change now.
 */
async function withholdingLockedYear(db: Executor, userId: string, now: number): Promise<number | null> {
  const year = jstYear(now);
  const sold = await repo.specificActivityBetween(db, userId, yearStart(year), yearStart(year + 1));
  return lockedYear(year, sold, await repo.latestSpecificTaxYear(db, userId, [year, year + 1]));
}

/**
 * The account-opening choice of the KYC submission (口座開設), in the caller's transaction: stored
 * on the first submission; on a resubmission changed only while the withholding rule allows
 * (`withholding_locked` {nextChange}), the same check as POST tax-account/withholding.
 */
export async function chooseTaxAccountAtOpening(trx: Executor, userId: string, choice: TaxAccountChoice, now: number): Promise<void> {
  const flags = flagsOf(choice);
  const row = await repo.settingsOf(trx, userId);
  if (row && Number(row.specific) === flags.specific && Number(row.withholding) === flags.withholding) return;
  if (row) {
    const locked = await withholdingLockedYear(trx, userId, now);
    if (locked !== null) throw ruleBroken('withholding_locked', { nextChange: nextChange(locked) });
  }
  await repo.saveSettings(trx, userId, flags, now);
}

/**
 * 口座区分 and NISA (docs/domain.md "Account types and NISA"): the user's 特定口座 choice and its
 * 源泉徴収 rule, the NISA application and its admin review (platform/review.ts, audited, the user
 * told by a message), and the NISA room read from the holdings (trade's nisaUsageOf).
 */
export class TaxAccountService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly kyc: Pick<KycService, 'identityOf'>,
  ) {}

  async status(userId: string): Promise<TaxAccountView> {
    const db = this.database.db;
    const now = this.clock.now();
    const flags = await this.flags(db, userId);
    const locked = flags.specific ? await withholdingLockedYear(db, userId, now) : null;
    const nisa = await repo.latestNisaOf(db, userId);
    return {
      ...flags,
      withholdingChangeableFrom: locked === null ? null : nextChange(locked),
      nisa: {
        state: nisaStateOf(nisa?.review_status ?? null),
        reason: nisa?.review_reason ?? null,
        year: nisa ? Number(nisa.year) : null,
        appliedAt: nisa ? Number(nisa.created_at) : null,
      },
      usage: await nisaUsageOf(db, userId, now),
    };
  }

  /** 源泉徴収あり/なし; only with a 特定口座 and while nothing was sold or paid in it this Tokyo year. */
  async setWithholding(user: AuthUser, withholding: boolean): Promise<TaxAccountView> {
    await this.database.db.transaction().execute(async (trx) => {
      // The sale's money command locks the same cash row: a sale and this change never cross.
      await lockCash(trx, this.database.caps, user.id, 'JPY');
      const flags = await this.flags(trx, user.id);
      if (!flags.specific) throw ruleBroken('account_type_unavailable', { account: 'specific' });
      if (flags.withholding === withholding) return;
      const now = this.clock.now();
      const locked = await withholdingLockedYear(trx, user.id, now);
      if (locked !== null) throw ruleBroken('withholding_locked', { nextChange: nextChange(locked) });
      await repo.saveSettings(trx, user.id, { specific: 1, withholding: withholding ? 1 : 0 }, now);
    });
    return this.status(user.id);
  }

  /** 非課税口座開設届出: a verified My Number identity, the declaration (checked by the contract), one application at a time. */
  async applyNisa(user: AuthUser): Promise<TaxAccountView> {
    const identity = await this.kyc.identityOf(user.id);
    if (identity?.status !== 'verified' || identity.documentType !== 'my_number') {
      throw ruleBroken('nisa_my_number_required', { status: identity?.status ?? 'not_verified' });
    }
    await this.database.db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      const latest = await repo.latestNisaOf(trx, user.id);
      const refusal = nisaApplyRefusal(nisaStateOf(latest?.review_status ?? null));
      if (refusal) throw conflict(refusal.id, { state: refusal.state });
      const now = this.clock.now();
      await repo.insertNisa(trx, {
        id: uuidv7(),
        user_id: user.id,
        year: jstYear(now),
        declared_at: now,
        // Later than the previous application even on a clock that stands still (tests, replays).
        created_at: Math.max(now, latest ? Number(latest.created_at) + 1 : 0),
        review_status: 'pending',
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
      });
    });
    return this.status(user.id);
  }

  async queue(status: ReviewStatus, cursor: string | undefined, limit: number): Promise<{ items: NisaQueueItem[]; next: string | null }> {
    const rows = await repo.nisaQueue(this.database.db, status, cursor, limit);
    const page = rows.slice(0, limit);
    return { items: page.map(queueItem), next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  async decide(admin: AuthUser, id: string, decision: ReviewDecision, reason: string): Promise<NisaQueueItem> {
    return this.database.db.transaction().execute(async (trx) => {
      const row = await repo.findNisaQueueItem(trx, id);
      if (!row) throw notFound();
      const now = this.clock.now();
      await decideReview(trx, this.audit, {
        table: 'nisa_application', id, decision, reason, adminId: admin.id, now,
        action: decision === 'approved' ? 'nisa.approve' : 'nisa.reject',
        target: row.user_id,
        detail: { year: Number(row.year) },
      });
      await notify(trx, {
        userId: row.user_id, kind: decision === 'approved' ? 'nisa_approved' : 'nisa_rejected',
        params: decision === 'approved' ? {} : { reason }, at: now, dedupeKey: `nisa:${id}`,
      });
      const after = await repo.findNisaQueueItem(trx, id);
      if (!after) throw ruleBroken('failed');
      return queueItem(after);
    });
  }

  /** The back office's view of one user: settings, latest application, room. */
  async userNisa(userId: string): Promise<UserNisaView> {
    const db = this.database.db;
    if (!(await repo.userExists(db, userId))) throw notFound('user_not_found');
    const flags = await this.flags(db, userId);
    const latest = await repo.latestNisaOf(db, userId);
    const item = latest ? await repo.findNisaQueueItem(db, latest.id) : undefined;
    return {
      userId,
      ...flags,
      nisa: latest?.review_status === 'approved',
      application: item ? queueItem(item) : null,
      usage: await nisaUsageOf(db, userId, this.clock.now()),
    };
  }

  private async flags(db: Executor, userId: string): Promise<{ specific: boolean; withholding: boolean }> {
    const row = (await repo.settingsOf(db, userId)) ?? DEFAULT_FLAGS;
    const specific = Number(row.specific) === 1;
    return { specific, withholding: specific && Number(row.withholding) === 1 };
  }
}

function queueItem(row: repo.NisaQueueRow): NisaQueueItem {
  return {
    id: row.id,
    userId: row.user_id,
    phone: row.phone,
    year: Number(row.year),
    status: nisaStateOf(row.review_status) as NisaQueueItem['status'],
    appliedAt: Number(row.created_at),
    declaredAt: Number(row.declared_at),
    decidedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reason: row.review_reason,
  };
}
