import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import { decideReview, pendingReview, type ReviewDecision } from '../../platform/review';
import { conflict, DomainError, invalid, notFound, ruleBroken } from '../../errors';
import type { UploadService } from '../uploads';
import { notify } from '../messaging';
import type { TaxAccountChoice } from '../../../shared/api/tax-account';
import type { DocumentType, KycQueueItem, KycStatus, KycSubmission, KycView, SubmitKycBody } from '../../../shared/api/kyc';
import { documentNumberValid, maskDocumentNumber, normaliseDocumentNumber, normaliseKanaName } from '../../../shared/domain/kyc-rules';
import { reviewOfStatus, statusOfReview, submitRefusal, type SubmissionStatus } from './rules';
import * as repo from './repo';

/** What other areas need of a user's identity (cash: the bank holder must be the KYC kana). */
export interface Identity {
  status: KycStatus;
  /** The kana of the latest submission (the verified one when status is verified). */
  nameKana: string;
  /** The document of the latest submission (a NISA account needs My Number). */
  documentType: DocumentType;
}

/** Stores the account-opening choice in the submission's transaction (the tax-account area's, wired in services.ts). */
export type TaxAccountOpening = (trx: Executor, userId: string, choice: TaxAccountChoice, now: number) => Promise<void>;

/** The error for an action that needs a verified identity: 422 `real_name_required`. */
export class RealNameRequired extends DomainError {
  constructor(status: KycStatus) {
    super('rule', 'real_name_required', { status });
    this.name = 'RealNameRequired';
  }
}

/** Every name and kana the user has submitted (account's password policy refuses passwords made of them). */
export function kycNamesOf(db: Executor, userId: string): Promise<string[]> {
  return repo.namesOf(db, userId);
}

/** The user's status from the latest submission (not_verified without one). */
export async function kycStatusOf(db: Executor, userId: string): Promise<KycStatus> {
  const row = await repo.latestOf(db, userId);
  return row ? statusOfReview(row.review_status) : 'not_verified';
}

/**
 * 本人確認 (docs/domain.md "KYC"): submit, read, and the admin review through the shared
 * review workflow (platform/review.ts), audited in the decision's transaction.
 */
export class KycService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly uploads: UploadService,
    private readonly openTaxAccount?: TaxAccountOpening,
  ) {}

  async identityOf(userId: string): Promise<Identity | null> {
    const row = await repo.latestOf(this.database.db, userId);
    return row ? { status: statusOfReview(row.review_status), nameKana: row.name_kana, documentType: row.document_type as DocumentType } : null;
  }

  /** Throws RealNameRequired (→ 422 real_name_required) unless the user is verified. */
  async requireVerified(userId: string, db: Executor = this.database.db): Promise<Identity> {
    const row = await repo.latestOf(db, userId);
    const status = row ? statusOfReview(row.review_status) : 'not_verified';
    if (!row || status !== 'verified') throw new RealNameRequired(status);
    return { status, nameKana: row.name_kana, documentType: row.document_type as DocumentType };
  }

  async status(userId: string): Promise<KycView> {
    const row = await repo.latestOf(this.database.db, userId);
    return row ? { status: statusOfReview(row.review_status), submission: submission(row) } : { status: 'not_verified', submission: null };
  }

  async submit(user: AuthUser, body: SubmitKycBody): Promise<KycView> {
    const kana = normaliseKanaName(body.nameKana);
    if (!kana.ok) throw invalid(kana.error, { field: 'nameKana' });
    const number = normaliseDocumentNumber(body.documentNumber);
    if (!documentNumberValid(body.documentType, number)) throw invalid('document_number_invalid', { field: 'documentNumber' });
    if (body.frontUploadId === body.backUploadId) throw invalid('kyc_upload_invalid', { field: 'backUploadId' });
    for (const [field, id, purpose] of [['frontUploadId', body.frontUploadId, 'kyc_front'], ['backUploadId', body.backUploadId, 'kyc_back']] as const) {
      const upload = await this.uploads.ownUpload(user.id, id);
      // Another user's id reads like a missing one: nothing says it exists.
      if (!upload || upload.purpose !== purpose) throw invalid('kyc_upload_invalid', { field });
    }
    await this.database.db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      const latest = await repo.latestOf(trx, user.id);
      const refusal = submitRefusal(latest ? statusOfReview(latest.review_status) : 'not_verified');
      if (refusal) throw conflict(refusal);
      await repo.insertSubmission(trx, {
        id: uuidv7(),
        user_id: user.id,
        name: body.name.normalize('NFKC').replace(/\s+/g, ' ').trim(),
        name_kana: kana.value,
        document_type: body.documentType,
        document_number_masked: maskDocumentNumber(number),
        front_upload_id: body.frontUploadId,
        back_upload_id: body.backUploadId,
        // Later than the previous submission even on a clock that stands still (tests, replays).
        created_at: Math.max(this.clock.now(), latest ? Number(latest.created_at) + 1 : 0),
        ...pendingReview(),
      });
      if (body.taxAccount) await this.openTaxAccount?.(trx, user.id, body.taxAccount, this.clock.now());
    });
    return this.status(user.id);
  }

  async queue(status: SubmissionStatus, cursor: string | undefined, limit: number): Promise<{ items: KycQueueItem[]; next: string | null }> {
    const rows = await repo.queue(this.database.db, reviewOfStatus(status), cursor, limit);
    const page = rows.slice(0, limit);
    return { items: page.map(queueItem), next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  async decide(admin: AuthUser, id: string, decision: ReviewDecision, reason: string): Promise<KycQueueItem> {
    return this.database.db.transaction().execute(async (trx) => {
      const row = await repo.findQueueItem(trx, id);
      if (!row) throw notFound();
      await decideReview(trx, this.audit, {
        table: 'kyc_submission',
        id,
        decision,
        reason,
        adminId: admin.id,
        now: this.clock.now(),
        action: decision === 'approved' ? 'kyc.approve' : 'kyc.reject',
        target: row.user_id,
        detail: { documentType: row.document_type },
      });
      await notify(trx, {
        userId: row.user_id, kind: decision === 'approved' ? 'kyc_approved' : 'kyc_rejected',
        params: decision === 'approved' ? {} : { reason }, at: this.clock.now(), dedupeKey: `kyc:${id}`,
      });
      const after = await repo.findQueueItem(trx, id);
      if (!after) throw ruleBroken('failed');
      return queueItem(after);
    });
  }
}

function submission(row: repo.KycRow): KycSubmission {
  return {
    id: row.id,
    status: statusOfReview(row.review_status),
    name: row.name,
    nameKana: row.name_kana,
    documentType: row.document_type as DocumentType,
    documentNumberMasked: row.document_number_masked,
    frontUploadId: row.front_upload_id,
    backUploadId: row.back_upload_id,
    submittedAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reason: row.review_reason,
  };
}

function queueItem(row: repo.KycQueueRow): KycQueueItem {
  return { ...submission(row), userId: row.user_id, phone: row.phone };
}
