/** Run `task` when the browser is idle (after two seconds where there is no idle callback). */
export function whenIdle(task: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
  if (idle) idle(task);
  else setTimeout(task, 2000);
}
