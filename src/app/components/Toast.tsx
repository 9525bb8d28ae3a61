import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/**
 * 2-second toasts (docs/product.md "Messages", "Constants"). One at a time: a new toast replaces the one on screen.
 * `toast()` works from anywhere (API error listener, 401 handler, native back button).
 */
export const TOAST_MS = 2000;

interface ToastState {
  id: number;
  text: string;
}

let current: ToastState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let seq = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function toast(text: string, durationMs: number = TOAST_MS): void {
  if (!text) return;
  current = { id: ++seq, text };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    timer = undefined;
    emit();
  }, durationMs);
  emit();
}

export function dismissToast(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  current = null;
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * Where a toast goes: just under the lowest visible top bar (an offline banner above it pushes it
 * down), so it covers no dialog, sheet or action bar (issue 13). Null: no top bar, keep the CSS place.
 */
export function toastTop(bars: Iterable<Pick<DOMRect, 'top' | 'bottom' | 'height'>>, gap = 8): number | null {
  let bottom: number | null = null;
  for (const r of bars) if (r.height > 0 && r.bottom > 0) bottom = Math.max(bottom ?? 0, r.bottom);
  return bottom === null ? null : Math.round(bottom + gap);
}

export function Toaster() {
  const state = useSyncExternalStore(subscribe, () => current, () => null);
  const layer = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = layer.current;
    if (!el || !state) return;
    const top = toastTop([...document.querySelectorAll('.topbar')].map((b) => b.getBoundingClientRect()));
    el.style.top = top === null ? '' : `${top}px`;
  }, [state]);
  return (
    <div ref={layer} className="toast-layer" role="status" aria-live="polite">
      {state ? (
        <div key={state.id} className="toast">
          {state.text}
        </div>
      ) : null}
    </div>
  );
}
