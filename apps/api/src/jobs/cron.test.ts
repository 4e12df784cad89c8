import { describe, expect, it } from 'vitest';
import { cronMatches, nextCronRun, parseCron, previousCronRun } from './cron.ts';
import { SCHEDULE_TIMEZONE, SCHEDULES } from './schedules.ts';

describe('nextCronRun', () => {
  const at = (iso: string) => new Date(iso);

  it('finds the next step of an every-5-minutes cron', () => {
    expect(nextCronRun('*/5 * * * *', 'UTC', at('2025-03-10T10:02:30Z'))?.toISOString()).toBe(
      '2025-03-10T10:05:00.000Z',
    );
    // Strictly after: a run exactly now is not "next".
    expect(nextCronRun('*/5 * * * *', 'UTC', at('2025-03-10T10:05:00Z'))?.toISOString()).toBe(
      '2025-03-10T10:10:00.000Z',
    );
  });

  it('applies the time zone (Moscow is UTC+3)', () => {
    // 10:00 Moscow = 07:00 UTC; at 08:00 UTC (11:00 Moscow) the next 10-20 hourly run is 12:00 Moscow.
    expect(nextCronRun('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T08:00:00Z'))?.toISOString()).toBe(
      '2025-03-10T09:00:00.000Z',
    );
    // After 20:00 Moscow it is 10:00 Moscow the next day.
    expect(nextCronRun('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T17:30:00Z'))?.toISOString()).toBe(
      '2025-03-11T07:00:00.000Z',
    );
  });

  it('skips to the next weekday for a Monday-to-Friday cron', () => {
    // 2025-03-14 is a Friday: after its 11:00 run the next one is Monday the 17th.
    expect(nextCronRun('0 11 * * 1-5', SCHEDULE_TIMEZONE, at('2025-03-14T09:00:00Z'))?.toISOString()).toBe(
      '2025-03-17T08:00:00.000Z',
    );
  });

  it('matches day-of-month or day-of-week when both are restricted, and Sunday as 7', () => {
    // 1st of the month or Sunday; 2025-03-10 is a Monday → Sunday 16th comes first.
    expect(nextCronRun('0 0 1 * 7', 'UTC', at('2025-03-10T00:00:00Z'))?.toISOString()).toBe(
      '2025-03-16T00:00:00.000Z',
    );
    expect(nextCronRun('0 0 29 2 *', 'UTC', at('2025-03-01T00:00:00Z'))).toBeNull();
  });

  it('rejects malformed expressions', () => {
    expect(() => parseCron('* * *')).toThrow();
    expect(() => parseCron('61 * * * *')).toThrow();
    expect(nextCronRun('every minute', 'UTC', new Date())).toBeNull();
  });

  it('has a valid cron for every schedule', () => {
    for (const schedule of SCHEDULES) {
      expect(nextCronRun(schedule.cron, SCHEDULE_TIMEZONE, new Date()), schedule.name).not.toBeNull();
    }
  });
});

describe('cronMatches', () => {
  const at = (iso: string) => new Date(iso);

  it('matches the wall-clock minute in the time zone, whatever the seconds', () => {
    // 07:00 UTC is 10:00 in Moscow.
    expect(cronMatches('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T07:00:59Z'))).toBe(true);
    expect(cronMatches('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T10:00:00Z'))).toBe(true); // 13:00
    expect(cronMatches('0 10-20 * * *', 'UTC', at('2025-03-10T07:00:00Z'))).toBe(false);
    expect(cronMatches('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T07:01:00Z'))).toBe(false);
    expect(cronMatches('0 10-20 * * *', SCHEDULE_TIMEZONE, at('2025-03-10T18:00:00Z'))).toBe(false); // 21:00
  });

  it('applies steps, weekdays and the day-of-month-or-weekday rule', () => {
    expect(cronMatches('*/10 * * * *', 'UTC', at('2025-03-10T10:40:00Z'))).toBe(true);
    expect(cronMatches('*/10 * * * *', 'UTC', at('2025-03-10T10:45:00Z'))).toBe(false);
    // 2025-03-14 is a Friday, the 15th a Saturday.
    expect(cronMatches('0 11 * * 1-5', SCHEDULE_TIMEZONE, at('2025-03-14T08:00:00Z'))).toBe(true);
    expect(cronMatches('0 11 * * 1-5', SCHEDULE_TIMEZONE, at('2025-03-15T08:00:00Z'))).toBe(false);
    // The 1st or a Sunday (7): Sunday the 16th matches, Monday the 17th does not, Tuesday 1 April does.
    expect(cronMatches('0 0 1 * 7', 'UTC', at('2025-03-16T00:00:00Z'))).toBe(true);
    expect(cronMatches('0 0 1 * 7', 'UTC', at('2025-03-17T00:00:00Z'))).toBe(false);
    expect(cronMatches('0 0 1 * 7', 'UTC', at('2025-04-01T00:00:00Z'))).toBe(true);
    // Moscow midnight is 21:00 UTC the day before.
    expect(cronMatches('1 0 * * *', SCHEDULE_TIMEZONE, at('2025-03-16T21:01:00Z'))).toBe(true);
  });

  it('agrees with nextCronRun: the next run matches, the minutes before it do not', () => {
    const from = at('2025-03-14T06:17:00Z');
    for (const schedule of SCHEDULES) {
      const next = nextCronRun(schedule.cron, SCHEDULE_TIMEZONE, from)!;
      expect(cronMatches(schedule.cron, SCHEDULE_TIMEZONE, next), schedule.name).toBe(true);
      for (let time = from.getTime() + 60_000; time < next.getTime(); time += 60_000) {
        expect(cronMatches(schedule.cron, SCHEDULE_TIMEZONE, new Date(time)), schedule.name).toBe(false);
      }
    }
  });

  it('is false for a malformed expression', () => {
    expect(cronMatches('every minute', 'UTC', new Date())).toBe(false);
  });
});

describe('previousCronRun', () => {
  const at = (iso: string) => new Date(iso);
  const dayBefore = (date: Date) => new Date(date.getTime() - 24 * 3600_000);

  it('finds the last run at or before a moment, in the time zone', () => {
    const now = at('2025-03-10T08:04:30Z'); // Monday 11:04:30 in Moscow
    expect(previousCronRun('*/5 * * * *', SCHEDULE_TIMEZONE, now, dayBefore(now))?.toISOString()).toBe(
      '2025-03-10T08:00:00.000Z',
    );
    // A run in the minute of the moment counts.
    expect(previousCronRun('4 * * * *', 'UTC', now, dayBefore(now))?.toISOString()).toBe(
      '2025-03-10T08:04:00.000Z',
    );
    // 10-20 hourly in Moscow: at 09:30 Moscow the last one was 20:00 Moscow the day before (17:00 UTC).
    const morning = at('2025-03-10T06:30:00Z');
    expect(
      previousCronRun('0 10-20 * * *', SCHEDULE_TIMEZONE, morning, dayBefore(morning))?.toISOString(),
    ).toBe('2025-03-09T17:00:00.000Z');
  });

  it('answers null when the window holds no run, or for a malformed cron', () => {
    // Monday 10:00 Moscow: the last weekday 11:00 run was Friday, outside a day's window.
    const monday = at('2025-03-17T07:00:00Z');
    expect(previousCronRun('0 11 * * 1-5', SCHEDULE_TIMEZONE, monday, dayBefore(monday))).toBeNull();
    expect(
      previousCronRun('0 11 * * 1-5', SCHEDULE_TIMEZONE, monday, at('2025-03-14T00:00:00Z'))?.toISOString(),
    ).toBe('2025-03-14T08:00:00.000Z');
    // The window's first minute is in it.
    expect(
      previousCronRun('0 11 * * 1-5', SCHEDULE_TIMEZONE, monday, at('2025-03-14T08:00:00Z')),
    ).not.toBeNull();
    expect(previousCronRun('0 11 * * 1-5', SCHEDULE_TIMEZONE, monday, at('2025-03-14T08:00:01Z'))).toBeNull();
    expect(previousCronRun('every minute', 'UTC', monday, dayBefore(monday))).toBeNull();
  });

  it('agrees with cronMatches: the last run matches, the minutes after it do not', () => {
    const until = at('2025-03-17T06:17:40Z'); // Monday 09:17 Moscow, after a weekend
    const since = at('2025-03-14T00:00:00Z');
    for (const schedule of SCHEDULES) {
      const last = previousCronRun(schedule.cron, SCHEDULE_TIMEZONE, until, since)!;
      expect(cronMatches(schedule.cron, SCHEDULE_TIMEZONE, last), schedule.name).toBe(true);
      for (let time = last.getTime() + 60_000; time <= until.getTime(); time += 60_000) {
        expect(cronMatches(schedule.cron, SCHEDULE_TIMEZONE, new Date(time)), schedule.name).toBe(false);
      }
    }
  });
});

describe('nextCronRun and previousCronRun skip whole days and hours', () => {
  // Runs on the edges of an hour, a day and a month, where a skip that lands one minute off passes over a run.
  const EDGE_CRONS = [
    '59 * * * *',
    '0 * * * *',
    '59 23 * * *',
    '0 0 * * *',
    '0,59 0,23 * * 1',
    '30 12 1 * *',
    '*/7 3-5 * * 0',
  ];
  const MINUTE = 60_000;
  /** Minute by minute with cronMatches: what the skipping search must agree with. */
  function scan(cron: string, from: number, to: number, step: 1 | -1): string | null {
    const fields = parseCron(cron);
    for (let time = from; step === 1 ? time <= to : time >= to; time += step * MINUTE) {
      if (cronMatches(fields, SCHEDULE_TIMEZONE, new Date(time))) return new Date(time).toISOString();
    }
    return null;
  }

  it('finds the run a minute-by-minute scan finds, forwards and backwards, from any minute of an hour', () => {
    const starts = [
      '2025-03-30T20:58:00Z',
      '2025-03-30T21:00:30Z',
      '2025-03-31T20:59:00Z',
      '2025-04-01T06:17:00Z',
    ];
    for (const cron of EDGE_CRONS) {
      for (const iso of starts) {
        const start = new Date(iso);
        const window = 40 * 24 * 60 * MINUTE;
        const minute = Math.floor(start.getTime() / MINUTE) * MINUTE;
        expect(
          nextCronRun(cron, SCHEDULE_TIMEZONE, start)?.toISOString() ?? null,
          `${cron} after ${iso}`,
        ).toBe(scan(cron, minute + MINUTE, minute + window, 1));
        const since = new Date(start.getTime() - window);
        expect(
          previousCronRun(cron, SCHEDULE_TIMEZONE, start, since)?.toISOString() ?? null,
          `${cron} at or before ${iso}`,
        ).toBe(scan(cron, minute, since.getTime(), -1));
      }
    }
  });
});
