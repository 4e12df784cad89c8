import { whenIdle } from './idle';

/**
 * All of the tracker the public pages' first load carries (decision 066): a call that loads the tracker
 * (`lib/analytics.ts`) when the browser is idle and hands it a task, so the order form's first load pays a few
 * dozen bytes for tracking. Failures are swallowed and logged (spec 8).
 */
export function withTracker(task: (tracker: typeof import('./analytics')) => void): void {
  whenIdle(() => {
    import('./analytics').then(task).catch(console.warn);
  });
}
