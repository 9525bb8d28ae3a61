/** docs/product.md "Screens and layout" and "Constants" (decision 003): without history to go back to, a second press within 1 s quits the app. */
export const EXIT_WINDOW_MS = 1000;

export type BackAction = 'back' | 'toast' | 'exit';

/**
 * The hardware back-button rule as a pure state machine over an injected clock:
 * - history to go back to → 'back';
 * - otherwise the first press → 'toast' ("press again to exit"), and a second press less than
 *   1 s after it → 'exit'; a press after the window has passed toasts again.
 */
export function createBackButtonRule(now: () => number = Date.now): (canGoBack: boolean) => BackAction {
  let firstPressAt: number | null = null;
  return (canGoBack) => {
    if (canGoBack) {
      firstPressAt = null;
      return 'back';
    }
    const t = now();
    if (firstPressAt !== null && t - firstPressAt < EXIT_WINDOW_MS) {
      firstPressAt = null;
      return 'exit';
    }
    firstPressAt = t;
    return 'toast';
  };
}
