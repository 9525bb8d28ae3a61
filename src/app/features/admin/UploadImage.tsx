import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { apiBase, sessionHeaders } from '../../api/client';
import { Spinner } from '../../components/Spinner';

type Loaded = { id: string; url: string; type: string } | { id: string; error: true };

/**
 * A private upload (a KYC photo) shown to the admin: fetched with the session (the browser's cookie,
 * or the native shell's `token` header, which an `<img src>` could not send) and shown through an
 * object URL, revoked when the view goes. The server answers `Cache-Control: private, no-store`;
 * nothing is kept after the screen closes.
 */
export function UploadImage({ id, alt }: { id: string; alt: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    let url: string | null = null;
    sessionHeaders()
      .then((headers) => fetch(`${apiBase()}uploads/${encodeURIComponent(id)}`, { headers, signal: ctrl.signal, cache: 'no-store', credentials: 'same-origin' }))
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        url = URL.createObjectURL(blob);
        setLoaded({ id, url, type: blob.type });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setLoaded({ id, error: true });
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  const current = loaded?.id === id ? loaded : null;
  if (!current) return <Spinner size={24} />;
  if ('error' in current) {
    return (
      <p className="field__error">
        <Trans>画像を読み込めませんでした</Trans>
      </p>
    );
  }
  if (current.type === 'application/pdf') {
    return (
      <a href={current.url} target="_blank" rel="noopener noreferrer" className="link">
        <Trans>PDF を開く</Trans>
      </a>
    );
  }
  return (
    <a href={current.url} target="_blank" rel="noopener noreferrer" className="admin-photo__link">
      <img src={current.url} alt={alt} className="admin-photo__img" />
    </a>
  );
}
