/*
 * The pure parts of a CSV export's download (ExportScreen): counting rows as bytes arrive, the
 * progress against the server's `X-Kabuto-Rows`, and the file's name from Content-Disposition.
 */

const NEWLINE = 0x0a;

/**
 * The line feeds in a chunk. Counting bytes is right in both encodings: in UTF-8 0x0A is only ever
 * a line feed, and in Shift_JIS a double-byte character's second byte is 0x40–0xFC, never 0x0A.
 */
export function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) n++;
  return n;
}

/** `X-Kabuto-Rows` as a count, or null when absent or not a number. */
export function rowsHeader(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Rows received and the percentage done: the first line is the header row; a line break inside a
 * quoted field (a memo) or a total row can make more lines than rows, so both stay within the total.
 */
export function exportProgress(newlines: number, total: number | null): { rows: number; percent: number } {
  const received = Math.max(0, newlines - 1);
  if (total === null) return { rows: received, percent: 0 };
  if (total === 0) return { rows: 0, percent: newlines > 0 ? 100 : 0 };
  const rows = Math.min(received, total);
  return { rows, percent: Math.floor((rows * 100) / total) };
}

/** The file name of `Content-Disposition` (RFC 6266: `filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return safeName(decodeURIComponent(star[1]!.trim())) || fallback;
    } catch {
      // a malformed escape: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = plain ? (plain[1] ?? plain[2] ?? '').trim() : '';
  return safeName(name) || fallback;
}

/** No folders in a saved file's name. */
function safeName(name: string): string {
  return name.replace(/[\\/]/g, '_');
}
