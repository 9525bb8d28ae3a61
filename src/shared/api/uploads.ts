import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * Uploads (docs/domain.md "Uploads"): KYC photos, deposit receipts and support attachments.
 *
 * `POST uploads?purpose=kyc_front` takes the file itself as the raw request body (any
 * Content-Type, e.g. `image/jpeg` or `application/octet-stream`), not JSON and not multipart: the
 * bytes stream through a 10 MB limit of their own (the rest of the API keeps its 64 KB JSON limit),
 * and the type is sniffed from the bytes, never from a name or header.
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
    summary: 'Upload a file: the raw body is the file (≤ 10 MB; JPEG, PNG, WebP, HEIC or PDF by content)',
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES) }),
    data: uploadView,
  }),
  get: endpoint({
    method: 'get', path: 'uploads/{id}', tag: 'uploads', auth: 'user',
    summary: 'The file’s bytes (not the envelope), to its owner or an admin only; private, never cached',
    params: z.object({ id: z.string().min(1).max(64) }),
    data: z.object({}).describe('the file’s bytes'),
  }),
};
