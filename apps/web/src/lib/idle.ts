/** Runs `task` when the main thread is idle (at most 5 s from now; 1 s where the browser cannot tell). */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 1_000);
}
