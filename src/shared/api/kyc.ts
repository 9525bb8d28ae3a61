import { z } from 'zod';
import { endpoint } from './endpoint';
import { TAX_ACCOUNT_CHOICES } from './tax-account';

/*
 * 本人確認 (KYC), docs/domain.md "KYC": the user submits names, a document and its two
 * photos; an admin approves or rejects with a reason the user sees. The document number is never
 * answered in full once submitted: first 6 and last 1 characters (123456•••••7).
 */

export const KYC_STATUSES = ['not_verified', 'under_review', 'verified', 'failed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const DOCUMENT_TYPES = ['driver_licence', 'health_insurance', 'my_number'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(64) });

export const kycSubmission = z.object({
  id: z.string(),
  status: z.enum(['under_review', 'verified', 'failed']),
  name: z.string(),
  nameKana: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** First 6 and last 1 characters, the rest as •. */
  documentNumberMasked: z.string(),
  frontUploadId: z.string(),
  backUploadId: z.string(),
  submittedAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  /** The reviewer's reason (shown to the user when failed). */
  reason: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmission>;

export const kycView = z.object({
  status: z.enum(KYC_STATUSES),
  /** The latest submission, if any. */
  submission: kycSubmission.nullable(),
});
export type KycView = z.infer<typeof kycView>;

/** Shapes only; the rules (kana, number per document type, own uploads) are the server's (422/400 with a message id). */
export const submitKycBody = z.object({
  name: z.string().trim().min(1).max(60),
  nameKana: z.string().trim().min(1).max(60),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string().trim().min(1).max(40),
  frontUploadId: z.string().min(1).max(64),
  backUploadId: z.string().min(1).max(64),
  /** 口座開設: 特定口座（源泉徴収あり／なし）or 一般口座 only; omitted: the current choice (none yet: 特定 with withholding). */
  taxAccount: z.enum(TAX_ACCOUNT_CHOICES).optional(),
});
export type SubmitKycBody = z.infer<typeof submitKycBody>;

export const kycQueueItem = kycSubmission.extend({
  userId: z.string(),
  phone: z.string(),
});
export type KycQueueItem = z.infer<typeof kycQueueItem>;

export const kycApi = {
  status: endpoint({
    method: 'get', path: 'kyc', tag: 'kyc', auth: 'user',
    summary: 'My identity status and latest submission (document number masked)',
    data: kycView,
  }),
  submit: endpoint({
    method: 'post', path: 'kyc', tag: 'kyc', auth: 'user',
    summary: 'Submit identity for review (refused while under review or once verified)',
    body: submitKycBody, data: kycView,
  }),
};

export const kycAdminApi = {
  queue: endpoint({
    method: 'get', path: 'admin/kyc', tag: 'admin', auth: 'admin',
    summary: 'Identity submissions by status (default under_review), oldest first',
    query: z.object({
      status: z.enum(['under_review', 'verified', 'failed']).default('under_review'),
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(kycQueueItem), next: z.string().nullable() }),
  }),
  approve: endpoint({
    method: 'post', path: 'admin/kyc/{id}/approve', tag: 'admin', auth: 'admin',
    summary: 'Approve a submission under review (audited)',
    params: idParam, body: z.object({ reason }), data: kycQueueItem,
  }),
  reject: endpoint({
    method: 'post', path: 'admin/kyc/{id}/reject', tag: 'admin', auth: 'admin',
    summary: 'Reject a submission under review; the reason is shown to the user (audited)',
    params: idParam, body: z.object({ reason }), data: kycQueueItem,
  }),
};
