import { describe, expect, it } from 'vitest';
import { getTaskDisplayStatus, type TaskStatusInput } from './task-status';

const NOW = Date.parse('2026-03-05T12:00:00.000Z');

function job(overrides: Partial<TaskStatusInput> = {}): TaskStatusInput {
  return {
    state: 'created',
    failedReason: null,
    finishedOn: null,
    processedOn: null,
    timestamp: NOW - 60_000,
    delay: 0,
    opts: { delay: 0 },
    ...overrides,
  };
}

describe('task display status (spec 4)', () => {
  it('is failed when there is a failure reason, whatever else the job says', () => {
    expect(
      getTaskDisplayStatus(
        job({ state: 'failed', failedReason: 'SMTP down', finishedOn: NOW, processedOn: NOW - 1000 }),
        NOW,
      ),
    ).toBe('failed');
    // A job waiting for its next retry still carries the last failure.
    expect(
      getTaskDisplayStatus(job({ state: 'retry', failedReason: 'timeout', opts: { delay: 120_000 } }), NOW),
    ).toBe('failed');
  });

  it('is done when finished, running when only processed', () => {
    expect(
      getTaskDisplayStatus(job({ state: 'completed', finishedOn: NOW, processedOn: NOW - 10 }), NOW),
    ).toBe('done');
    expect(getTaskDisplayStatus(job({ state: 'active', processedOn: NOW - 10 }), NOW)).toBe('running');
  });

  it('is scheduled when delayed into the future and waiting once the delay has passed', () => {
    expect(getTaskDisplayStatus(job({ opts: { delay: 120_000 }, delay: 60_000 }), NOW)).toBe('scheduled');
    expect(getTaskDisplayStatus(job({ opts: { delay: 30_000 } }), NOW)).toBe('waiting');
    expect(getTaskDisplayStatus(job(), NOW)).toBe('waiting');
  });

  it('tells a cancelled job from a done one although both have a finish time', () => {
    expect(getTaskDisplayStatus(job({ state: 'cancelled', finishedOn: NOW }), NOW)).toBe('cancelled');
  });
});
