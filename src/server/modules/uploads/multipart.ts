import Busboy, { type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainError, invalid } from '../../errors';
import { UPLOAD_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../shared/api/uploads';

/*
 * The multipart form of `POST uploads`, parsed as it arrives by @fastify/busboy, with limits on
 * what a form may hold, so no form holds the event loop for more than a slice's work (issue 37
 * item 1). Undici's `Response.formData()`, used before, parsed the whole body in one task: 20–150 ms
 * for a legitimate 10 MB photo, about 1 s for 10 MB of empty parts, 1.5 s for one part with 10 MB of
 * header lines.
 */

/**
 * Parts of one form. The contract's form has two (`file`, `purpose`); two more let a second file
 * or an unknown field be named in the refusal (every third part is refused on sight anyway).
 */
export const FORM_MAX_PARTS = 4;
/** Bytes of a field's value: the longest purpose is 9 characters. */
export const FORM_MAX_FIELD_BYTES = 64;
/** Header lines of one part: a browser sends Content-Disposition and Content-Type. */
export const FORM_MAX_HEADER_PAIRS = 8;
/** Bytes of one part's header block: a file name of 255 UTF-8 bytes, quoted, fits several times. */
export const FORM_MAX_HEADER_BYTES = 4_096;
/**
 * Bytes of the form that are not the file's content (part headers, the purpose, boundaries, parts
 * the parser skips): the allowance the HTTP edge gives a form over its file. Refused as soon as it
 * is passed, so an oversized header block or field is not parsed to its end first.
 */
export const FORM_MAX_FRAMING_BYTES = UPLOAD_FORM_MAX_BYTES - UPLOAD_MAX_BYTES;
/** Bytes handed to the parser at once: a slice of nothing but empty parts costs it under 1 ms. */
const SLICE_BYTES = 4_096;
/** Bytes parsed between two turns of the event loop, so other requests run during a large upload. */
const TURN_BYTES = 64 * 1024;

/** What the form holds: the `file` part's bytes and the `purpose` field, each at most once. */
export interface UploadForm {
  file: Uint8Array | undefined;
  purpose: string | undefined;
}

/** The form, read from `body` within the limits above; a refusal is thrown as soon as it is seen. */
export async function readMultipartForm(contentType: string, body: ReadableStream<Uint8Array>): Promise<UploadForm> {
  const read = new BodyReader(body.getReader());
  try {
    const form = new FormReader(contentType);
    for (let chunk = await read.next(); chunk; chunk = await read.next()) await form.write(chunk);
    return await form.end();
  } catch (err) {
    await read.drop(err);
    throw err;
  }
}

/** The request body in chunks, within the form's limit, with a turn of the event loop every TURN_BYTES. */
class BodyReader {
  private total = 0;
  private sinceTurn = 0;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(): Promise<Buffer | undefined> {
    if (this.sinceTurn >= TURN_BYTES) {
      this.sinceTurn = 0;
      await nextTurn();
    }
    const { done, value } = await this.reader.read();
    if (done) return undefined;
    this.total += value.byteLength;
    this.sinceTurn += value.byteLength;
    if (this.total > UPLOAD_FORM_MAX_BYTES) throw tooLarge();
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }

  /**
   * After a refusal: the rest of a form within the limit is read and dropped unparsed, so the
   * client, still sending, gets the answer on a connection that stays usable (cancelling the
   * stream destroys the socket before the answer leaves). Past the limit it is cancelled.
   */
  async drop(refusal: unknown): Promise<void> {
    const over = refusal instanceof DomainError && refusal.kind === 'payload_too_large';
    if (!over) await this.discardRest().catch(() => undefined); // a client gone has nothing to be answered
    await this.reader.cancel().catch(() => undefined);
  }

  private async discardRest(): Promise<void> {
    for (;;) {
      const { done, value } = await this.reader.read();
      if (done) return;
      this.total += value.byteLength;
      if (this.total > UPLOAD_FORM_MAX_BYTES) return;
    }
  }
}

function tooLarge(): DomainError {
  return new DomainError('payload_too_large', 'upload_too_large', { max: UPLOAD_MAX_BYTES });
}

function malformed(): DomainError {
  return invalid('invalid_request', { field: 'body', issue: 'malformed_multipart' });
}

/** One form's parser and what it has found; the first refusal wins and stops the feeding. */
class FormReader {
  private readonly parser: BusboyInstance;
  private failure: DomainError | undefined;
  private files = 0;
  private readonly chunks: Buffer[] = [];
  /** Bytes handed to the parser, and those of them it has passed on as the file's content. */
  private fed = 0;
  private fileBytes = 0;
  private purpose: string | undefined;
  private settle!: () => void;
  private wake: (() => void) | undefined;
  /** Resolved when the parser has finished or the form is refused. */
  private readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(contentType: string) {
    try {
      this.parser = Busboy({
        headers: { 'content-type': contentType },
        // As the browser and undici tell them apart: a part with a file name is a file.
        isPartAFile: (_name, _type, fileName) => fileName !== undefined,
        limits: {
          parts: FORM_MAX_PARTS, fieldSize: FORM_MAX_FIELD_BYTES, fileSize: UPLOAD_MAX_BYTES,
          headerPairs: FORM_MAX_HEADER_PAIRS, headerSize: FORM_MAX_HEADER_BYTES,
        },
      });
    } catch {
      throw malformed(); // no boundary
    }
    this.parser.on('file', (name, stream) => this.onFile(name, stream));
    this.parser.on('field', (name, value, _nameTruncated, valueTruncated) => this.onField(name, value, valueTruncated));
    this.parser.on('partsLimit', () => this.fail(invalid('invalid_request', { field: 'body', issue: 'too_many', max: FORM_MAX_PARTS })));
    this.parser.on('error', () => this.fail(malformed()));
    this.parser.on('finish', () => this.settle());
  }

  /** Hand `chunk` to the parser a slice at a time, stopping at the first refusal. */
  async write(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.byteLength && !this.failure; at += SLICE_BYTES) {
      const slice = chunk.subarray(at, at + SLICE_BYTES);
      // Woken by the parser taking the slice, or by a refusal (a parser that has failed may never call back).
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.parser.write(slice, () => resolve());
      });
      // The file's content reaches its listener at most one slice after the parser had it.
      this.fed += slice.byteLength;
      if (this.fed - this.fileBytes > FORM_MAX_FRAMING_BYTES + SLICE_BYTES) {
        this.fail(invalid('invalid_request', { field: 'body', issue: 'too_big', max: FORM_MAX_FRAMING_BYTES }));
      }
    }
    if (this.failure) throw this.failure;
  }

  async end(): Promise<UploadForm> {
    this.parser.end();
    await this.settled;
    if (this.failure) throw this.failure;
    return { file: this.files > 0 ? Buffer.concat(this.chunks) : undefined, purpose: this.purpose };
  }

  private onFile(name: string, stream: BusboyFileStream): void {
    if (name !== 'file' || ++this.files > 1) {
      stream.resume(); // the parser finishes only once every file stream is read
      this.fail(invalid('invalid_request', name === 'file' ? { field: 'file', issue: 'too_many' } : { field: name, issue: 'unknown_field' }));
      return;
    }
    stream.on('data', (data: Buffer) => {
      this.fileBytes += data.byteLength;
      this.chunks.push(data);
    });
    stream.on('limit', () => this.fail(tooLarge()));
  }

  private onField(name: string, value: string, truncated: boolean): void {
    if (name === 'file') return this.fail(invalid('invalid_request', { field: 'file', issue: 'not_a_file' }));
    // Only `file` and `purpose`: anything else is refused, not ignored.
    if (name !== 'purpose') return this.fail(invalid('invalid_request', { field: name, issue: 'unknown_field' }));
    if (truncated) return this.fail(invalid('invalid_request', { field: 'purpose', issue: 'too_big', max: FORM_MAX_FIELD_BYTES }));
    if (this.purpose !== undefined) return this.fail(invalid('invalid_request', { field: 'purpose', issue: 'too_many' }));
    this.purpose = value;
  }

  private fail(err: DomainError): void {
    this.failure ??= err;
    this.wake?.();
    this.settle();
  }
}
