import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * Uploads (docs/domain.md "Uploads"): KYC photos, deposit receipts and support attachments.
 *
 * `POST uploads` accepts two forms. The documented one is multipart/form-data with a `file` part
 * and a `purpose` field (what the PWA sends). The older one, kept for existing callers, takes the
 * file itself as the raw request body (any other Content-Type, e.g. `image/jpeg` or
 * `application/octet-stream`) with `?purpose=kyc_front`. A purpose given both in the query and the
 * form must agree. Either way the bytes go through a limit of their own (10 MB for the file; a
 * multipart body may be 64 KB more for its framing — the rest of the API keeps its 64 KB JSON
 * limit), and the type is sniffed from the bytes, never from a name or header.
 *
 * `GET uploads/{id}` answers the file's bytes (not the JSON envelope) to its owner or an admin:
 * Content-Type from the sniffed type, `Cache-Control: private, no-store`, `X-Content-Type-Options:
 * nosniff`, `Content-Disposition: inline`. Failures are the ordinary envelope (401, 404).
 */

export const UPLOAD_PURPOSES = ['kyc_front', 'kyc_back', 'receipt', 'support'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The types kept, by their sniffed MIME type. */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];

/** 10 MB: the most a phone photo or a receipt needs (the PWA sends photos at ≤ 2560 px JPEG). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A whole multipart body: the file's limit plus room for the part headers and the `purpose` field. */
export const UPLOAD_FORM_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;
/** 40 megapixels, read from the header before anything is decoded (decompression bombs). */
export const UPLOAD_MAX_PIXELS = 40_000_000;

export const uploadView = z.object({
  id: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  mime: z.enum(UPLOAD_MIME_TYPES),
  /** Bytes as stored (after re-encoding). */
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type UploadView = z.infer<typeof uploadView>;

export const uploadsApi = {
  create: endpoint({
    method: 'post', path: 'uploads', tag: 'uploads', auth: 'user',
    summary:
      'Upload a file (≤ 10 MB; JPEG, PNG, WebP, HEIC or PDF by content). Documented form: multipart/form-data with a `file` part and a `purpose` field; ' +
      'also accepted: the raw body is the file, with `?purpose=`. A purpose in both the query and the form must agree.',
    // Optional because the multipart form may carry it instead; the raw form without it is refused (400, field `purpose`).
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES).optional() }),
    data: uploadView,
  }),
  get: endpoint({
    method: 'get', path: 'uploads/{id}', tag: 'uploads', auth: 'user',
    summary: 'The file’s bytes (not the envelope), to its owner or an admin only; private, never cached',
    params: z.object({ id: z.string().min(1).max(64) }),
    data: z.object({}).describe('the file’s bytes'),
  }),
};
