import { useSyncExternalStore } from 'react';

/**
 * 2-second toasts (docs/product.md, spec §8, §9). One at a time: a new toast replaces the one on screen.
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

export function Toaster() {
  const state = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    <div className="toast-layer" role="status" aria-live="polite">
      {state ? (
        <div key={state.id} className="toast">
          {state.text}
        </div>
      ) : null}
    </div>
  );
}
