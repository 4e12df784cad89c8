import { describe, expect, it } from 'vitest';
import { withTracker } from './analytics-page';

describe('withTracker', () => {
  it('waits for an idle moment to load the tracker once, then runs later tasks at once', async () => {
    const order: string[] = [];
    const loaded = new Promise<unknown>((resolve) => {
      withTracker((tracker) => {
        order.push('first');
        resolve(tracker);
      });
      // Queued while the tracker loads: runs after the first, in order.
      withTracker(() => order.push('second'));
    });
    expect(order).toEqual([]);
    const tracker = await loaded;
    expect(tracker).toHaveProperty('trackPage');
    expect(order).toEqual(['first', 'second']);

    // Loaded: a page shown just before the visitor leaves is tracked now, not at an idle moment the next
    // document would never run.
    withTracker(() => order.push('third'));
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('a failing task is logged and does not stop the next', async () => {
    await new Promise<void>((resolve) => withTracker(() => resolve()));
    const ran: string[] = [];
    withTracker(() => {
      throw new Error('broken task');
    });
    withTracker(() => ran.push('next'));
    expect(ran).toEqual(['next']);
  });
});
