import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiBase } from '../client';
import { applyDepth, applyQuotes } from './patch';
import { QuoteStream } from './stream';

/*
 * The app's one quote stream, bound to its QueryClient: batches go straight into the cache
 * (patch.ts). Screens say which codes they show with `useLiveQuotes(codes)`; kept-alive screens
 * that are hidden run no effects (React <Activity>), so they stop asking by themselves.
 */

const streams = new WeakMap<QueryClient, QuoteStream>();

export function streamUrl(codes: readonly string[], depth: readonly string[] = []): string {
  const url = `${apiBase()}market/stream?codes=${codes.map(encodeURIComponent).join(',')}`;
  return depth.length ? `${url}&depth=${depth.map(encodeURIComponent).join(',')}` : url;
}

export function getQuoteStream(client: QueryClient): QuoteStream {
  let stream = streams.get(client);
  if (stream) return stream;
  const created = new QuoteStream({
    url: streamUrl,
    onQuotes: (batch) => applyQuotes(client, batch),
    onDepth: (depth) => applyDepth(client, depth),
  });
  stream = created;
  streams.set(client, created);
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', () => created.pause());
    window.addEventListener('online', () => created.resume());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') created.pause();
      else created.resume();
    });
  }
  return created;
}

/** Keep `codes` live while the calling component is on screen. */
export function useLiveQuotes(codes: readonly string[]): void {
  const client = useQueryClient();
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    return getQuoteStream(client).subscribe(key.split(','));
  }, [client, key]);
}

/** Keep the book and the latest prints of a stock live while the calling component is on screen. */
export function useLiveDepth(code: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!code) return;
    return getQuoteStream(client).subscribeDepth(code);
  }, [client, code]);
}
