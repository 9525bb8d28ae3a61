// @vitest-environment jsdom
/**
 * useAfterPaint (src/app/components/after-paint.ts): the deferred part of a
 * screen is absent on the first render and mounted once the screen has been painted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterNextPaint, useAfterPaint } from '../../src/app/components/after-paint';

function AfterPaint({ children, ready }: { children: ReactNode; ready?: boolean }) {
  return useAfterPaint(ready) ? children : null;
}

afterEach(cleanup);

describe('useAfterPaint', () => {
  it('mounts its children after the first paint, not in the first render', async () => {
    render(
      <div>
        <p>top</p>
        <AfterPaint>
          <p>below</p>
        </AfterPaint>
      </div>,
    );
    expect(screen.getByText('top')).toBeTruthy();
    expect(screen.queryByText('below')).toBeNull();
    expect(await screen.findByText('below')).toBeTruthy();
  });

  it('waits for `ready` before counting the paint (a top that waits for its data)', async () => {
    const tree = (ready: boolean) => (
      <div>
        <p>top</p>
        <AfterPaint ready={ready}>
          <p>below</p>
        </AfterPaint>
      </div>
    );
    const { rerender } = render(tree(false));
    // Not a fixed wait: the next paint as the hook counts it (its frame or its 250 ms fallback),
    // asked for after the hook's own would have been, and what React was given meanwhile rendered (act).
    await act(() => new Promise<void>((r) => afterNextPaint(r)));
    expect(screen.queryByText('below')).toBeNull();
    rerender(tree(true));
    expect(screen.queryByText('below')).toBeNull();
    expect(await screen.findByText('below')).toBeTruthy();
  });
});
