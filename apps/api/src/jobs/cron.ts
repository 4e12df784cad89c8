/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week) in a time zone: whether a minute is one
 * of a schedule's runs (the scheduler in jobs.ts, decision 101), when the next run is and which run was the last
 * (the monitoring screens).
 * Supports numbers, `*`, ranges `a-b`, steps `*\/n` and `a-b/n`, lists `a,b`; day-of-week 0-7 (0 and 7 = Sunday).
 */
export type CronFields = {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
};

const RANGES: Array<[min: number, max: number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(field: string, [min, max]: [number, number]): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Invalid cron field "${field}"`);
    const step = match[4] ? Number(match[4]) : 1;
    let from = min;
    let to = max;
    if (match[1] !== '*') {
      from = Number(match[2]);
      to = match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    }
    if (step < 1 || from < min || to > max || from > to) throw new Error(`Invalid cron field "${field}"`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): CronFields {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron "${expression}" must have five fields`);
  const [minutes, hours, days, months, weekdays] = fields.map((field, index) =>
    parseField(field, RANGES[index]!),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.has(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    anyDay: fields[2] === '*',
    anyWeekday: fields[4] === '*',
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function localParts(date: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

const MINUTE = 60_000;

type LocalTime = ReturnType<typeof localParts>;

/** Month and day; with both day fields restricted, either one matching is enough (as in every cron). */
function dayMatches(fields: CronFields, local: LocalTime): boolean {
  if (!fields.months.has(local.month)) return false;
  return fields.anyDay || fields.anyWeekday
    ? fields.days.has(local.day) && fields.weekdays.has(local.weekday)
    : fields.days.has(local.day) || fields.weekdays.has(local.weekday);
}

function parsedOrNull(expression: string): CronFields | null {
  try {
    return parseCron(expression);
  } catch {
    return null;
  }
}

/**
 * Whether the minute of `at` (its wall-clock minute in `timeZone`) is a run of the cron; false for an invalid cron.
 * A parsed cron may be passed instead of the expression (a caller checking many minutes parses once).
 */
export function cronMatches(cron: string | CronFields, timeZone: string, at: Date): boolean {
  const fields = typeof cron === 'string' ? parsedOrNull(cron) : cron;
  if (!fields) return false;
  const local = localParts(at, timeZone);
  return dayMatches(fields, local) && fields.hours.has(local.hour) && fields.minutes.has(local.minute);
}

/**
 * The first run met stepping from the minute `from` towards `to` (both included), forwards (`direction` 1) or
 * backwards (-1): a day that cannot match is skipped whole, then an hour, then a minute. A skip counts a day as 24
 * hours of the local clock: exact in Moscow time, where every schedule runs (no clock change since October 2014);
 * in a zone that shifts its clocks, a skip across the shift would land an hour off.
 */
function findRun(
  fields: CronFields,
  timeZone: string,
  from: number,
  to: number,
  direction: 1 | -1,
): Date | null {
  for (let time = from; direction === 1 ? time <= to : time >= to;) {
    const local = localParts(new Date(time), timeZone);
    // Minutes to the first one of the next day or hour in the direction of travel (00:00 ahead, 23:59 behind).
    const toNextDay =
      direction === 1 ? (23 - local.hour) * 60 + (60 - local.minute) : local.hour * 60 + local.minute + 1;
    const toNextHour = direction === 1 ? 60 - local.minute : local.minute + 1;
    if (!dayMatches(fields, local)) time += direction * toNextDay * MINUTE;
    else if (!fields.hours.has(local.hour)) time += direction * toNextHour * MINUTE;
    else if (!fields.minutes.has(local.minute)) time += direction * MINUTE;
    else return new Date(time);
  }
  return null;
}

/** The first run strictly after `after`, or null when the cron is invalid or never fires within a year. */
export function nextCronRun(expression: string, timeZone: string, after: Date): Date | null {
  const fields = parsedOrNull(expression);
  const from = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  return fields && findRun(fields, timeZone, from, after.getTime() + 366 * 24 * 60 * MINUTE, 1);
}

/**
 * The last run at or before `atOrBefore` (its minute), not earlier than `notBefore`; null when the cron is invalid
 * or has no run in that window. The monitoring asks whether that run was queued (decision 103).
 */
export function previousCronRun(
  expression: string,
  timeZone: string,
  atOrBefore: Date,
  notBefore: Date,
): Date | null {
  const fields = parsedOrNull(expression);
  const from = Math.floor(atOrBefore.getTime() / MINUTE) * MINUTE;
  return fields && findRun(fields, timeZone, from, notBefore.getTime(), -1);
}
