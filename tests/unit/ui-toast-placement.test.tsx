// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster, dismissToast, toast, toastTop } from '../../src/app/components/Toast';

/** Toasts sit under the top bar, where they cover no dialog or action button, and stay announced (issue 13). */
const css = readFileSync(resolve(process.cwd(), 'src/app/styles/global.css'), 'utf8');
function block(selector: string): string {
  const m = new RegExp(`(^|\\n)${selector.replace(/\./g, '\\.')}[^{]*\\{([^}]*)\\}`).exec(css);
  if (!m) throw new Error(`no ${selector} rule`);
  return m[2]!;
}
const zIndex = (selector: string) => Number(/z-index:\s*(\d+)/.exec(block(selector))?.[1]);

afterEach(() => {
  cleanup();
  dismissToast();
});

describe('toast placement', () => {
  it('is fixed just under the top bar, never at the middle or the bottom of the screen', () => {
    const layer = block('.toast-layer');
    expect(layer).toMatch(/position:\s*fixed/);
    expect(layer).toMatch(/top:\s*calc\(var\(--safe-top\) \+ var\(--topbar-h\)/);
    expect(layer).not.toMatch(/\bbottom:/);
    expect(layer).toMatch(/pointer-events:\s*none/);
    // Above the dialog backdrop, so a toast about a dialog is seen while the dialog is open.
    expect(zIndex('.toast-layer')).toBeGreaterThan(zIndex('.dialog-backdrop'));
  });

  it('is announced by a polite live region', () => {
    render(<Toaster />);
    act(() => toast('保存しました'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('保存しました');
  });
});

describe('toast under the visible top bar', () => {
  const rect = (top: number, height: number) => ({ top, bottom: top + height, height });
  it('goes 8 px under the lowest visible top bar (below an offline banner too), or keeps its CSS place', () => {
    expect(toastTop([rect(0, 48)])).toBe(56);
    expect(toastTop([rect(28, 48)])).toBe(84); // an offline banner pushed the bar down
    expect(toastTop([rect(0, 0), rect(28, 48)])).toBe(84); // a hidden kept-alive screen's bar is ignored
    expect(toastTop([rect(-60, 48)])).toBeNull(); // scrolled away
    expect(toastTop([])).toBeNull();
  });
});
