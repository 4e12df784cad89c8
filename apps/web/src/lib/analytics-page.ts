import { whenIdle } from './idle';

type Tracker = typeof import('./analytics');

let tracker: Tracker | null = null;
let pending: Array<(tracker: Tracker) => void> | null = null;

/**
 * All of the tracker the public pages' first load carries (decision 066): a call that loads the tracker
 * (`lib/analytics.ts`) when the browser is idle and hands it a task, so the order form's first load pays a few
 * dozen bytes for tracking. Once loaded, tasks run at once: a visitor who moves on quickly (step 2, step 3, the
 * order, away) would otherwise leave tasks waiting for an idle moment that the next document never runs.
 * Failures are swallowed and logged (spec 8).
 */
export function withTracker(task: (tracker: Tracker) => void): void {
  if (tracker) {
    run(task, tracker);
    return;
  }
  if (pending) {
    pending.push(task);
    return;
  }
  pending = [task];
  whenIdle(() => {
    import('./analytics')
      .then((loaded) => {
        tracker = loaded;
        const tasks = pending ?? [];
        pending = null;
        for (const queued of tasks) run(queued, loaded);
      })
      .catch((error: unknown) => {
        pending = null;
        console.warn(error);
      });
  });
}

function run(task: (tracker: Tracker) => void, loaded: Tracker): void {
  try {
    task(loaded);
  } catch (error) {
    console.warn('analytics: task failed', error);
  }
}
