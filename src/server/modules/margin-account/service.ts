import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import { decideReview, type ReviewDecision, type ReviewStatus } from '../../platform/review';
import { conflict, notFound, ruleBroken } from '../../errors';
import { notify } from '../messaging';
import { jstDate } from '../../../shared/market/jst';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type {
  MarginAccountView, MarginAnswers, MarginApplication, MarginApplyBody, MarginQueueItem, ReferralReason,
} from '../../../shared/api/margin-account';
import { applyRefusal, reapplyAt, referralReasons, stateOfReview } from './rules';
import * as repo from './repo';

/**
 * 信用取引口座 (docs/domain.md "Margin account"): apply (approved at once when the answers meet the
 * config thresholds, else referred), read, and the admin review through the shared review workflow
 * (platform/review.ts), audited in the decision's transaction, the applicant told by a message.
 */
export class MarginAccountService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly config: { values(): Promise<ConfigValues> },
  ) {}

  async status(userId: string): Promise<MarginAccountView> {
    const row = await repo.latestOf(this.database.db, userId);
    if (!row) return { state: 'none', application: null, reapplyAt: null };
    const state = stateOfReview(row.review_status);
    const days = (await this.config.values()).marginReapplyDays;
    const again = state === 'rejected' && row.reviewed_at !== null ? reapplyAt(Number(row.reviewed_at), days) : null;
    return { state, application: application(row), reapplyAt: again !== null && again > this.clock.now() ? again : null };
  }

  async apply(user: AuthUser, body: MarginApplyBody): Promise<MarginAccountView> {
    const config = await this.config.values();
    await this.database.db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      const latest = await repo.latestOf(trx, user.id);
      const now = this.clock.now();
      const state = stateOfReview(latest?.review_status ?? null);
      const refusal = applyRefusal(state, latest?.reviewed_at == null ? null : Number(latest.reviewed_at), config.marginReapplyDays, now);
      if (refusal?.id === 'margin_account_reapply_later') throw ruleBroken(refusal.id, { date: jstDate(refusal.at) });
      if (refusal) throw conflict(refusal.id);
      const referral = referralReasons(body.answers, config);
      const approved = referral.length === 0;
      await repo.insertApplication(trx, {
        id: uuidv7(),
        user_id: user.id,
        answers: JSON.stringify(body.answers),
        risk_version: body.riskVersion,
        referral: JSON.stringify(referral),
        auto_decided: approved ? 1 : 0,
        // Later than the previous application even on a clock that stands still (tests, replays).
        created_at: Math.max(now, latest ? Number(latest.created_at) + 1 : 0),
        review_status: approved ? 'approved' : 'pending',
        review_reason: null,
        reviewed_by: null,
        reviewed_at: approved ? now : null,
      });
    });
    return this.status(user.id);
  }

  async queue(status: ReviewStatus, cursor: string | undefined, limit: number): Promise<{ items: MarginQueueItem[]; next: string | null }> {
    const rows = await repo.queue(this.database.db, status, cursor, limit);
    const page = rows.slice(0, limit);
    return { items: page.map(queueItem), next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  async decide(admin: AuthUser, id: string, decision: ReviewDecision, reason: string): Promise<MarginQueueItem> {
    return this.database.db.transaction().execute(async (trx) => {
      const row = await repo.findQueueItem(trx, id);
      if (!row) throw notFound();
      const now = this.clock.now();
      await decideReview(trx, this.audit, {
        table: 'margin_account_application', id, decision, reason, adminId: admin.id, now,
        action: decision === 'approved' ? 'margin_account.approve' : 'margin_account.reject',
        target: row.user_id,
        detail: { referral: referralOf(row) },
      });
      await notify(trx, {
        userId: row.user_id, kind: decision === 'approved' ? 'margin_account_approved' : 'margin_account_rejected',
        params: decision === 'approved' ? {} : { reason }, at: now, dedupeKey: `margin-account:${id}`,
      });
      const after = await repo.findQueueItem(trx, id);
      if (!after) throw ruleBroken('failed');
      return queueItem(after);
    });
  }
}

function referralOf(row: repo.ApplicationRow): ReferralReason[] {
  return JSON.parse(row.referral) as ReferralReason[];
}

function application(row: repo.ApplicationRow): MarginApplication {
  const decided = row.reviewed_at !== null;
  return {
    id: row.id,
    status: stateOfReview(row.review_status) as MarginApplication['status'],
    answers: row.answers === null ? null : (JSON.parse(row.answers) as MarginAnswers),
    riskVersion: Number(row.risk_version),
    referral: referralOf(row),
    appliedAt: Number(row.created_at),
    decidedAt: decided ? Number(row.reviewed_at) : null,
    decidedBy: !decided ? null : Number(row.auto_decided) === 1 ? 'auto' : 'admin',
    reason: row.review_reason,
  };
}

function queueItem(row: repo.QueueRow): MarginQueueItem {
  return { ...application(row), userId: row.user_id, phone: row.phone };
}
