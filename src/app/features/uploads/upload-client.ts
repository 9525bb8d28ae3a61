import { useEffect, useState } from 'react';
import { ApiError, API_PATH, sessionHeaders, sessionHeadersNow } from '../../api/client';
import { tokenLoading } from '../../storage';
import type { UploadPurpose, UploadView } from '../../../shared/api/uploads';
import type { MessageParams } from '../../../shared/api/envelope';

/*
 * Uploads from the PWA (docs/domain.md "Uploads"). `POST uploads` is sent in its documented
 * form, multipart/form-data with a `file` part and a `purpose` field, so it does not go through
 * apiCall (JSON only); XMLHttpRequest is used because it reports upload progress
 * (`upload.onprogress`), which fetch does not portably do. Photos are shrunk first
 * (compressPhoto): a phone's 12–48 MP photo becomes a ≤ 2560 px JPEG of a few hundred KB.
 */

/** Longest side the PWA sends: legible for a document, far below the server's 40 MP. */
export const PHOTO_MAX_SIDE = 2560;
/** JPEG quality of a re-drawn photo. */
const PHOTO_QUALITY = 0.85;
/** A JPEG within the side limit and this size is sent as it is. */
const SEND_AS_IS_BYTES = 2 * 1024 * 1024;

/** The size of a `width`×`height` picture scaled to fit `max` on its longest side (never enlarged). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A photo ready to send: large or non-JPEG images re-drawn on a canvas as a ≤ 2560 px JPEG (the
 * EXIF orientation applied). A PDF, or an image the browser cannot decode (HEIC outside Safari),
 * goes as it is — the server checks and re-encodes everything anyway.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  if (file.type === 'image/jpeg' && size.width === bitmap.width && file.size <= SEND_AS_IS_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    return file;
  }
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
  return blob ?? file;
}

function envelopeError(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { msg?: string; params?: MessageParams };
    if (body.msg) return new ApiError(body.msg, body.params, xhr.status);
  } catch {
    // not the envelope (a proxy's page): fall through
  }
  return new ApiError(xhr.status === 413 ? 'upload_too_large' : 'failed', undefined, xhr.status);
}

/** POST uploads with progress (0–1). Rejects with an ApiError carrying the server's message id. */
export function uploadFile(file: Blob, purpose: UploadPurpose, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadView> {
  // The native shell still reading its token at start: send once it has.
  const loading = tokenLoading();
  if (loading) return loading.then(() => uploadFile(file, purpose, onProgress, signal));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PATH}uploads`);
    // The session: the browser's cookie (same origin) with X-Kabuto, or the native shell's token header.
    for (const [name, value] of Object.entries(sessionHeadersNow())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        try {
          const body = JSON.parse(xhr.responseText) as { status: number; data: UploadView };
          if (body.status === 1) {
            onProgress(1);
            return resolve(body.data);
          }
        } catch {
          // fall through to the error
        }
      }
      reject(envelopeError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(navigator.onLine === false ? 'offline' : 'network_error'));
    xhr.ontimeout = () => reject(new ApiError('timeout'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.timeout = 120_000;
    // No Content-Type header of our own: the browser sets multipart/form-data with its boundary.
    const form = new FormData();
    form.append('purpose', purpose);
    // A neutral part name: the picked file's own name may say whose document it is, and the server never uses it.
    form.append('file', file, purpose);
    xhr.send(form);
  });
}

/**
 * An object URL of a stored upload (GET uploads/{id} needs the session: the browser's cookie would
 * go with an <img src>, but the native shell's `token` header would not, and the bytes are private
 * either way). Revoked when the id changes or the component goes.
 */
export function useUploadUrl(id: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let alive = true;
    sessionHeaders()
      .then((headers) => fetch(`${API_PATH}uploads/${encodeURIComponent(id)}`, { headers, cache: 'no-store', credentials: 'same-origin' }))
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => alive && setState({ url: null, failed: true }));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
      setState({ url: null, failed: false });
    };
  }, [id]);
  return state;
}
