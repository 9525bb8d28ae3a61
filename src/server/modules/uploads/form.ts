import { z } from 'zod';
import { DomainError, invalid } from '../../errors';
import { UPLOAD_FORM_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '../../../shared/api/uploads';
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
  // The whole form within the file's limit plus room for the part headers and the purpose field.
  const raw = await readLimited(body, UPLOAD_FORM_MAX_BYTES, UPLOAD_MAX_BYTES);
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid('invalid_request', { field: 'body', issue: 'malformed_multipart' });
  }
  const files: Blob[] = [];
  const purposes: string[] = [];
  for (const [name, value] of form.entries()) {
    if (name === 'file') {
      if (typeof value === 'string') throw invalid('invalid_request', { field: 'file', issue: 'not_a_file' });
      files.push(value);
    } else if (name === 'purpose' && typeof value === 'string') {
      purposes.push(value);
    } else {
      // Only `file` and `purpose`: a second file under another name is refused, not ignored.
      throw invalid('invalid_request', { field: name, issue: 'unknown_field' });
    }
  }
  if (files.length === 0) throw invalid('invalid_request', { field: 'file', issue: 'missing' });
  if (files.length > 1) throw invalid('invalid_request', { field: 'file', issue: 'too_many' });
  if (purposes.length > 1) throw invalid('invalid_request', { field: 'purpose', issue: 'too_many' });
  const purpose = resolvePurpose(queryPurpose, purposes[0]);
  const file = files[0]!;
  if (file.size > UPLOAD_MAX_BYTES) throw new DomainError('payload_too_large', 'upload_too_large', { max: UPLOAD_MAX_BYTES });
  return { purpose, bytes: new Uint8Array(await file.arrayBuffer()) };
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
