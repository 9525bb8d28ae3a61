import sharp, { type Metadata } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { invalid, DomainError } from '../../errors';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MIME_TYPES, type UploadMime } from '../../../shared/api/uploads';
import { pdfProblem } from './pdf';

/*
 * What an upload must be before it is kept (docs/domain.md "Uploads"):
 * 1. the type sniffed from the bytes (file-type), never the name or the Content-Type header: a
 *    renamed .exe is `upload_type_not_allowed`;
 * 2. images: the dimensions read from the header (sharp's metadata, nothing decoded) at most
 *    40 megapixels — `upload_too_many_pixels` — and decoding itself capped by `limitInputPixels`;
 * 3. images re-encoded: pixels only, so EXIF (GPS location, camera serial), XMP, IPTC and ICC
 *    comments are gone; `.rotate()` first applies the EXIF orientation the stripped tag carried.
 *    HEIC becomes JPEG (browsers cannot show HEIC to the admin reviewing it);
 * 4. PDFs: refused with a script, an automatic action or encryption (pdf.ts).
 */

export interface InspectedUpload {
  mime: UploadMime;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
}

const ALLOWED = new Set<string>(UPLOAD_MIME_TYPES);

export async function sniffMime(bytes: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}

export async function inspectUpload(bytes: Uint8Array): Promise<InspectedUpload> {
  if (bytes.byteLength === 0) throw invalid('upload_empty');
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new DomainError('payload_too_large', 'upload_too_large', { max: UPLOAD_MAX_BYTES });
  let mime = await sniffMime(bytes);
  // file-type names HEIF stills image/heif or image/heic by brand; both are "HEIC" to a phone user.
  if (mime === 'image/heif') mime = 'image/heic';
  if (!mime || !ALLOWED.has(mime)) throw invalid('upload_type_not_allowed');
  if (mime === 'application/pdf') {
    const problem = pdfProblem(bytes);
    if (problem === 'encrypted') throw invalid('upload_pdf_encrypted');
    if (problem === 'active_content') throw invalid('upload_pdf_active_content');
    return { mime: 'application/pdf', bytes, width: null, height: null };
  }
  return reencodeImage(bytes, mime as Exclude<UploadMime, 'application/pdf'>);
}

async function reencodeImage(bytes: Uint8Array, mime: Exclude<UploadMime, 'application/pdf'>): Promise<InspectedUpload> {
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw invalid('upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS });
    throw invalid('upload_unreadable');
  }
  if (!meta.width || !meta.height) throw invalid('upload_unreadable');
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw invalid('upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS });
  const out: Exclude<UploadMime, 'application/pdf' | 'image/heic'> = mime === 'image/heic' ? 'image/jpeg' : mime;
  try {
    // No withMetadata()/keepExif(): sharp writes none of the input's metadata by default.
    let pipeline = sharp(bytes, options).rotate();
    if (out === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 88, mozjpeg: true });
    else if (out === 'image/png') pipeline = pipeline.png();
    else pipeline = pipeline.webp({ quality: 88 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { mime: out, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (err) {
    if (isPixelLimit(err)) throw invalid('upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS });
    throw invalid('upload_unreadable');
  }
}

/** sharp's refusal of an input over `limitInputPixels` (read from the header). */
function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
