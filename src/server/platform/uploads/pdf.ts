/*
 * PDF checks before a PDF is kept (docs/domain.md "Uploads"). A receipt or a document scan
 * needs no script, no automatic action and no encryption; a PDF with any of them is refused
 * rather than cleaned (rewriting a PDF safely needs a full parser we do not carry).
 *
 * Names are matched in the raw bytes and in every Flate stream inflated (object streams can hide
 * dictionaries), with `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`). The matching is
 * deliberately broad: a false refusal costs the user a re-scan; a false acceptance lets a script
 * reach an admin's viewer.
 */
import { inflateSync } from 'node:zlib';

export type PdfProblem = 'active_content' | 'encrypted' | null;

/** Names that run code or act by themselves when opened. */
const ACTIVE = /\/(JavaScript|JS|AA|OpenAction|Launch|RichMedia|EmbeddedFile|XFA|SubmitForm|ImportData|GoToR)\b/;
const ENCRYPT = /\/Encrypt\b/;

function decodeNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function* inflatedStreams(bytes: Buffer): Generator<string> {
  let from = 0;
  const MAX_STREAMS = 10_000;
  for (let n = 0; n < MAX_STREAMS; n += 1) {
    const start = bytes.indexOf('stream', from, 'latin1');
    if (start < 0) return;
    let bodyStart = start + 6;
    if (bytes[bodyStart] === 0x0d) bodyStart += 1;
    if (bytes[bodyStart] === 0x0a) bodyStart += 1;
    const end = bytes.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) return;
    from = end + 9;
    try {
      // At most 50 MB inflated per stream: a zip bomb stops here (maxOutputLength throws).
      yield inflateSync(bytes.subarray(bodyStart, end), { maxOutputLength: 50 * 1024 * 1024 }).toString('latin1');
    } catch {
      // not Flate (an image stream, DCT) or truncated: its raw bytes were scanned already
    }
  }
}

export function pdfProblem(bytes: Uint8Array): PdfProblem {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const raw = decodeNames(buf.toString('latin1'));
  if (ENCRYPT.test(raw)) return 'encrypted';
  if (ACTIVE.test(raw)) return 'active_content';
  for (const text of inflatedStreams(buf)) {
    const decoded = decodeNames(text);
    if (ENCRYPT.test(decoded)) return 'encrypted';
    if (ACTIVE.test(decoded)) return 'active_content';
  }
  return null;
}
