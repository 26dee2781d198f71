const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * The spec's relative age: 'just now' under a minute, then minutes, hours, days under 30,
 * then months of 30 days. A time in the future (clock skew) reads 'just now'.
 */
export function relativeTime(thenMs: number, nowMs: number): string {
  const age = nowMs - thenMs;
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return plural(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return plural(Math.floor(age / HOUR), 'hour');
  if (age < MONTH) return plural(Math.floor(age / DAY), 'day');
  return plural(Math.floor(age / MONTH), 'month');
}

/** When relativeTime(thenMs, ·) first reads differently from how it reads at nowMs (a stored page's freshness). */
export function relativeTimeChangesAt(thenMs: number, nowMs: number): number {
  const age = nowMs - thenMs;
  if (age < MINUTE) return thenMs + MINUTE;
  const unit = age < HOUR ? MINUTE : age < DAY ? HOUR : age < MONTH ? DAY : MONTH;
  return thenMs + (Math.floor(age / unit) + 1) * unit;
}
