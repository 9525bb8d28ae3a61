// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { TOAST_MS, Toaster, dismissToast, toast } from '../../src/app/components/Toast';
import { CHUNK_TIMEOUT_MS, PendingScreen, isChunkLoadError } from '../../src/app/components/RouteStatus';
import { EmptyView } from '../../src/app/components/EmptyView';

const wrap = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

beforeAll(async () => {
  await activateLanguage('jp');
});
afterEach(() => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
});

describe('toasts (docs/product.md "Constants": 2 s)', () => {
  it('shows a toast for 2 seconds; a new one replaces the old', () => {
    vi.useFakeTimers();
    render(wrap(<Toaster />));
    act(() => toast('一つ目'));
    expect(screen.getByText('一つ目')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    act(() => toast('二つ目'));
    expect(screen.queryByText('一つ目')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByText('二つ目')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('二つ目')).toBeNull();
    expect(TOAST_MS).toBe(2000);
  });
});

describe('route loading', () => {
  it('shows the loading text, then a retry screen after 120 s', () => {
    vi.useFakeTimers();
    render(wrap(<PendingScreen />));
    expect(screen.getByText('読み込み中…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toContain('画面を読み込めませんでした');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});

describe('empty view', () => {
  it('renders its honest text', () => {
    render(wrap(<EmptyView text="資産情報はまだご利用いただけません" hint="説明" />));
    expect(screen.getByText('資産情報はまだご利用いただけません')).toBeTruthy();
    expect(screen.getByText('説明')).toBeTruthy();
  });
});
