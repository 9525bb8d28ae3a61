import { z } from 'zod';
import { invalid } from '../../errors';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '../../../shared/api/uploads';
import { readMultipartForm } from './multipart';
import { readLimited } from './read-limited';

/*
 * The two forms of `POST uploads` (docs/domain.md "Uploads"): the documented multipart/form-data
 * body (a `file` part and a `purpose` field), and the older raw body (the file itself, with
 * `?purpose=`). Both end in the same bytes and purpose, so every check after this is identical.
 */

const purposeSchema = z.enum(UPLOAD_PURPOSES);

export function isMultipart(contentType: string | undefined): contentType is string {
  return !!contentType && /^multipart\/form-data\s*(;|$)/i.test(contentType.trim());
}

/** The file's bytes and its purpose, from either form; refuses before anything is checked or stored. */
export async function readUploadInput(
  contentType: string | undefined,
  body: ReadableStream<Uint8Array> | null,
  queryPurpose: UploadPurpose | undefined,
): Promise<{ purpose: UploadPurpose; bytes: Uint8Array }> {
  if (!isMultipart(contentType)) {
    if (!queryPurpose) throw invalid('invalid_request', { field: 'purpose', issue: 'missing' });
    return { purpose: queryPurpose, bytes: await readLimited(body, UPLOAD_MAX_BYTES) };
  }
  if (!body) throw invalid('upload_empty');
  // Read and parsed as it arrives, within the form's limits (multipart.ts).
  const form = await readMultipartForm(contentType, body);
  if (!form.file) throw invalid('invalid_request', { field: 'file', issue: 'missing' });
  return { purpose: resolvePurpose(queryPurpose, form.purpose), bytes: form.file };
}

/** The form's purpose, or the query's; given in both, they must agree. */
function resolvePurpose(fromQuery: UploadPurpose | undefined, fromForm: string | undefined): UploadPurpose {
  if (fromForm === undefined) {
    if (!fromQuery) throw invalid('invalid_request', { field: 'purpose', issue: 'missing' });
    return fromQuery;
  }
  const parsed = purposeSchema.safeParse(fromForm);
  if (!parsed.success) throw invalid('invalid_request', { field: 'purpose', issue: 'invalid_value' });
  if (fromQuery && fromQuery !== parsed.data) throw invalid('invalid_request', { field: 'purpose', issue: 'mismatch' });
  return parsed.data;
}
