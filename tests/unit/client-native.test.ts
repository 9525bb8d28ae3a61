import { beforeEach, describe, expect, it, vi } from 'vitest';

const native = vi.hoisted(() => ({
  isNative: false,
  backListener: undefined as undefined | ((e: { canGoBack: boolean }) => void),
  remove: vi.fn(async () => {}),
  exitApp: vi.fn(async () => {}),
  setStyle: vi.fn(async (_: { style: string }) => {}),
  setBackgroundColor: vi.fn(async (_: { color: string }) => {}),
  setOverlaysWebView: vi.fn(async (_: { overlay: boolean }) => {}),
}));

vi.mock('@capacitor/core', () => ({
  Capacitor: { isNativePlatform: () => native.isNative },
}));
vi.mock('@capacitor/app', () => ({
  App: {
    exitApp: native.exitApp,
    addListener: vi.fn(async (event: string, fn: (e: { canGoBack: boolean }) => void) => {
      if (event === 'backButton') native.backListener = fn;
      return { remove: native.remove };
    }),
  },
}));
vi.mock('@capacitor/status-bar', () => ({
  Style: { Dark: 'DARK', Light: 'LIGHT', Default: 'DEFAULT' },
  StatusBar: {
    setStyle: native.setStyle,
    setBackgroundColor: native.setBackgroundColor,
    setOverlaysWebView: native.setOverlaysWebView,
  },
}));

const { createBackButtonRule, EXIT_WINDOW_MS, initNative } = await import('../../src/app/native');

beforeEach(() => {
  native.isNative = false;
  native.backListener = undefined;
  vi.clearAllMocks();
});

describe('back-button rule', () => {
  it('goes back whenever there is history', () => {
    let t = 0;
    const decide = createBackButtonRule(() => t);
    expect(decide(true)).toBe('back');
    t += 10;
    expect(decide(true)).toBe('back');
  });

  it('first press toasts, a second press within 1 s exits', () => {
    let t = 5_000;
    const decide = createBackButtonRule(() => t);
    expect(decide(false)).toBe('toast');
    t += EXIT_WINDOW_MS - 1;
    expect(decide(false)).toBe('exit');
  });

  it('a press 1 s or more after the first toasts again (and opens a new window)', () => {
    let t = 0;
    const decide = createBackButtonRule(() => t);
    expect(decide(false)).toBe('toast');
    t += EXIT_WINDOW_MS;
    expect(decide(false)).toBe('toast');
    t += 1500;
    expect(decide(false)).toBe('toast');
    t += 300;
    expect(decide(false)).toBe('exit');
  });

  it('going back in between resets the window', () => {
    let t = 0;
    const decide = createBackButtonRule(() => t);
    expect(decide(false)).toBe('toast');
    t += 100;
    expect(decide(true)).toBe('back');
    t += 100;
    expect(decide(false)).toBe('toast');
  });
});

describe('initNative', () => {
  it('does nothing in a plain browser', async () => {
    const cleanup = await initNative({ toast: vi.fn(), exitToastText: 'x' });
    expect(native.setStyle).not.toHaveBeenCalled();
    expect(native.backListener).toBeUndefined();
    cleanup();
  });

  it('sets dark status-bar text on white without overlay, and wires the back button', async () => {
    native.isNative = true;
    native.setBackgroundColor.mockRejectedValueOnce(new Error('not available on Android 15+'));
    let t = 0;
    let canGoBack = true;
    const goBack = vi.fn();
    const toast = vi.fn();
    const cleanup = await initNative({
      canGoBack: () => canGoBack,
      goBack,
      toast,
      exitToastText: () => 'もう一度押すと終了します',
      now: () => t,
    });
    expect(native.setStyle).toHaveBeenCalledWith({ style: 'LIGHT' });
    expect(native.setOverlaysWebView).toHaveBeenCalledWith({ overlay: false });
    expect(native.setBackgroundColor).toHaveBeenCalledWith({ color: '#ffffff' });

    const press = () => native.backListener!({ canGoBack: true });
    press();
    expect(goBack).toHaveBeenCalledTimes(1);

    canGoBack = false;
    press();
    expect(toast).toHaveBeenCalledWith('もう一度押すと終了します');
    expect(native.exitApp).not.toHaveBeenCalled();
    t += 999;
    press();
    expect(native.exitApp).toHaveBeenCalledTimes(1);

    cleanup();
    expect(native.remove).toHaveBeenCalled();
  });

  it('without a canGoBack option it uses the WebView’s answer', async () => {
    native.isNative = true;
    const goBack = vi.fn();
    const toast = vi.fn();
    await initNative({ goBack, toast, exitToastText: 'bye', now: () => 0 });
    native.backListener!({ canGoBack: true });
    expect(goBack).toHaveBeenCalledTimes(1);
    native.backListener!({ canGoBack: false });
    expect(toast).toHaveBeenCalledWith('bye');
  });
});
