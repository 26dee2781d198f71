import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeChangesAt } from './time';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => relativeTime(now - ms, now);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [DAY, '1 day ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [65 * DAY, '2 months ago'],
    [400 * DAY, '13 months ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(ago(ms)).toBe(text);
  });

  it('reads a time in the future as just now', () => {
    expect(relativeTime(now + 5 * MIN, now)).toBe('just now');
  });
});

describe('relativeTimeChangesAt', () => {
  const then = Date.UTC(2026, 0, 1);
  const ages = [
    0,
    1,
    59_999,
    60_000,
    61_000,
    3_599_999,
    3_600_000,
    86_399_999,
    86_400_000,
    29.5 * 86_400_000,
    45 * 86_400_000,
    400 * 86_400_000,
    -5_000,
  ];
  it.each(ages)('at age %d ms: the text holds until that moment and changes at it', (age) => {
    const now = then + age;
    const at = relativeTimeChangesAt(then, now);
    expect(at).toBeGreaterThan(now);
    expect(relativeTime(then, at - 1)).toBe(relativeTime(then, now));
    expect(relativeTime(then, at)).not.toBe(relativeTime(then, now));
  });
});
