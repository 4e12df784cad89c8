import { useLayoutEffect, useState, type ReactNode } from 'react';

/**
 * The order pages' first live render in several tasks instead of one (decision 083). Preact (their build, decision
 * 081) has no time slicing: the whole first screen rendered in one task of 40–66 ms of CPU, × 4 on Lighthouse's
 * phone, and that one task was most of the page's Total Blocking Time. During a staged render each `<Staged>` part
 * renders nothing at first and then its content in a task of its own, one part per task, in the order they were
 * mounted; a part mounted by another part waits behind the ones already queued. Outside a staged render (a later
 * step, the React build, the unit tests) a part renders at once.
 *
 * The build-time copy of step 1 covers the live page meanwhile: `useRemovePageSnapshot` waits until every part has
 * rendered (`afterStagedRender`), so the copy gives way to a complete page in one frame, as before.
 */
let isStaging = false;
let isPumping = false;
const waiting: Array<() => void> = [];
const whenDone: Array<() => void> = [];

type YieldingScheduler = { yield?: () => Promise<void> };

/** The next task: `scheduler.yield()` where the browser has it (continues before other queued work), else a timer. */
function inNextTask(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') void scheduler.yield().then(callback);
  else setTimeout(callback, 0);
}

function showNext(): void {
  const show = waiting.shift();
  if (show) {
    show();
    inNextTask(showNext);
    return;
  }
  isPumping = false;
  isStaging = false;
  for (const callback of whenDone.splice(0)) callback();
}

function pump(): void {
  if (isPumping) return;
  isPumping = true;
  inNextTask(showNext);
}

/**
 * Runs `render` (which must commit synchronously: Preact's `render`, or React's inside `act`/`flushSync`) as a
 * staged render: its `<Staged>` parts follow one per task.
 */
export function renderStaged(render: () => void): void {
  isStaging = true;
  try {
    render();
  } finally {
    pump();
  }
}

/** Calls `callback` once every part of the staged render in progress has rendered (at once when there is none). */
export function afterStagedRender(callback: () => void): void {
  if (isStaging) whenDone.push(callback);
  else callback();
}

/** A part of the page that, in a staged render, renders in a later task than the one it was mounted in. */
export function Staged({ children }: { children: ReactNode }) {
  const [isShown, setShown] = useState(!isStaging);
  useLayoutEffect(() => {
    if (isShown) return;
    let isMounted = true;
    waiting.push(() => {
      if (isMounted) setShown(true);
    });
    pump();
    return () => {
      isMounted = false;
    };
    // Queued once, when mounted: the part shows itself later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return isShown ? children : null;
}
