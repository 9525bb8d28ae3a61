import { useCallback, useEffect, useRef, useState } from 'react';
import { documentsApi } from '../../../shared/api/documents';
import type { ExportEncoding, ExportKind } from '../../../shared/domain/documents';
import type { MessageParams } from '../../../shared/api/envelope';
import { ApiError, buildUrl, handleUnauthorized, sessionHeaders } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { countNewlines, exportProgress, fileNameOf, rowsHeader } from './csv-file';
import { tokyoYear } from './years';

export interface ExportChoice {
  kind: ExportKind;
  encoding: ExportEncoding;
  /** undefined: every year (not for 年間損益, which is one year's). */
  year?: number;
}

/** What a choice asks the server for: Ghostfolio reads UTF-8 only; 年間損益 is one year's (this year unless chosen). */
export function effectiveChoice(c: ExportChoice): ExportChoice {
  return {
    kind: c.kind,
    encoding: c.kind === 'ghostfolio' ? 'utf8' : c.encoding,
    year: c.kind === 'pnl' ? (c.year ?? tokyoYear()) : c.year,
  };
}

export type ExportRun =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; total: number | null; percent: number }
  | { phase: 'done'; rows: number; fileName: string; url: string }
  | { phase: 'cancelled' }
  | { phase: 'failed'; text: string };

/**
 * A CSV export (docs/domain.md "Documents and exports"): fetched with the session headers (as
 * features/admin's UploadImage), the body read chunk by chunk so the screen shows the rows received
 * against `X-Kabuto-Rows`, then saved through an object URL and an `<a download>`. The file lives
 * only in that object URL (never in the query cache or its IndexedDB copy), revoked on the next
 * export or when the screen goes. Cancel aborts the request.
 */
export function useCsvExport() {
  const [run, setRun] = useState<ExportRun>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const url = useRef<string | null>(null);
  const forget = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);
  useEffect(
    () => () => {
      controller.current?.abort();
      forget();
    },
    [forget],
  );

  const start = useCallback(
    async (choice: ExportChoice) => {
      controller.current?.abort();
      forget();
      const ctrl = new AbortController();
      controller.current = ctrl;
      setRun({ phase: 'running', rows: 0, total: null, percent: 0 });
      try {
        const done = await download(choice, ctrl.signal, (p) => setRun({ phase: 'running', ...p }));
        url.current = done.url;
        saveFile(done.url, done.fileName);
        setRun({ phase: 'done', ...done });
      } catch (e) {
        if (ctrl.signal.aborted) setRun({ phase: 'cancelled' });
        else setRun({ phase: 'failed', text: failureText(e) });
      }
    },
    [forget],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  /** Back to idle (another choice): the last file's object URL goes. */
  const reset = useCallback(() => {
    forget();
    setRun((r) => (r.phase === 'running' ? r : { phase: 'idle' }));
  }, [forget]);
  return { run, start, cancel, reset };
}

type Progress = { rows: number; total: number | null; percent: number };

async function download(choice: ExportChoice, signal: AbortSignal, onProgress: (p: Progress) => void) {
  const headers = { ...(await sessionHeaders()), Accept: 'text/csv, application/json' };
  const target = buildUrl(documentsApi.exportCsv, { kind: choice.kind }, { encoding: choice.encoding, year: choice.year });
  const res = await fetch(target, { headers, signal, cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok || !res.body || !(res.headers.get('Content-Type') ?? '').startsWith('text/csv')) throw await refusalOf(res);
  const total = rowsHeader(res.headers.get('X-Kabuto-Rows'));
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    newlines += countNewlines(value);
    onProgress({ total, ...exportProgress(newlines, total) });
  }
  const { rows } = exportProgress(newlines, total);
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'text/csv' });
  const fallback = `kabuto-${choice.kind}-${choice.year ?? 'all'}.csv`;
  return { rows, url: URL.createObjectURL(blob), fileName: fileNameOf(res.headers.get('Content-Disposition'), fallback) };
}

/** A refusal answers the envelope (`{status: 0, msg, params}`); a 401 ends the session as apiCall does. */
async function refusalOf(res: Response): Promise<ApiError> {
  let msg = res.status >= 500 ? 'internal_error' : 'failed';
  let params: MessageParams | undefined;
  try {
    const json = (await res.json()) as { msg?: unknown; params?: unknown };
    if (typeof json.msg === 'string' && json.msg) msg = json.msg;
    if (typeof json.params === 'object' && json.params !== null) params = json.params as MessageParams;
  } catch {
    // not JSON: the status says enough
  }
  const error = new ApiError(msg, params, res.status);
  if (res.status === 401) handleUnauthorized(error);
  return error;
}

function failureText(e: unknown): string {
  const error = e instanceof ApiError ? e : new ApiError(navigator.onLine === false ? 'offline' : 'network_error');
  return translateMessage(error.msg, error.params, getLanguage());
}

/** Saves the file through a temporary `<a download>` (the done panel keeps the link for another tap). */
function saveFile(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
