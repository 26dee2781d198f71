import { describe, expect, it } from 'vitest';
import { habitOf, inWindow, KEPT_CHANGES, nextWindowAt, withChange } from './change-habit';
import { nextCheckAt, OUT_OF_HOURS_CAP_MS, WATCH_CAP_MS } from './schedule';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A Monday, 00:00 UTC. */
const MONDAY = Date.UTC(2026, 10, 2);
const FIVE_MIN = 5 * MIN;
const noSpread = () => 0.5;

/** Changes at these offsets from MONDAY in each of `weeks` weeks, as minutes since the epoch. */
const weekly = (offsets: number[], weeks: number) =>
  Array.from({ length: weeks }, (_, w) => offsets.map((o) => Math.floor((MONDAY + w * WEEK + o) / MIN))).flat();

const at = (now: number, quietChecks: number, changes: number[] = [], health: 'ok' | 'unreachable' = 'ok') =>
  nextCheckAt({ now, quietChecks, health, minIntervalMs: FIVE_MIN, habit: habitOf(changes), random: noSpread }) - now;

describe('a list with no habit', () => {
  it('is checked at the shortest interval after a change, then less often, never more than 12 minutes apart', () => {
    expect(at(MONDAY, 0)).toBe(FIVE_MIN);
    expect(at(MONDAY, 1)).toBe(10 * MIN);
    for (const quiet of [2, 5, 40]) expect(at(MONDAY, quiet)).toBe(WATCH_CAP_MS);
  });

  it('is never checked more often than the shortest interval, even when that is longer than the cap', () => {
    const hour = nextCheckAt({ now: 0, quietChecks: 9, health: 'ok', minIntervalMs: HOUR, habit: null, random: noSpread });
    expect(hour).toBe(HOUR);
  });

  it('is tried again at the shortest interval while its link fails', () => {
    expect(at(MONDAY, 30, [], 'unreachable')).toBe(FIVE_MIN);
  });
});

describe('a list changed on Monday and Thursday mornings for three weeks', () => {
  // 08:00 Monday and 07:30 Thursday, UTC.
  const changes = weekly([8 * HOUR, 3 * DAY + 7.5 * HOUR], 3);

  it('has a weekly habit whose windows are those mornings, with an hour and a half either side', () => {
    const habit = habitOf(changes);
    expect(habit).not.toBeNull();
    expect(inWindow(habit!, MONDAY + 3 * WEEK + 8 * HOUR)).toBe(true);
    expect(inWindow(habit!, MONDAY + 3 * WEEK + 6.6 * HOUR)).toBe(true);
    expect(inWindow(habit!, MONDAY + 3 * WEEK + 10 * HOUR)).toBe(false);
    // Tuesday 08:00 is not one of its mornings.
    expect(inWindow(habit!, MONDAY + 3 * WEEK + DAY + 8 * HOUR)).toBe(false);
  });

  it('in its hours is checked as a list with no habit: at most 12 minutes apart, the bound needing no more (ADR 0227)', () => {
    expect(at(MONDAY + 3 * WEEK + 8 * HOUR, 50, changes)).toBe(WATCH_CAP_MS);
    expect(at(MONDAY + 3 * WEEK + 8 * HOUR, 0, changes)).toBe(FIVE_MIN);
  });

  it('outside them waits no longer by default: off-habit changes would be late (ADR 0227)', () => {
    // Tuesday noon: far from any window.
    expect(at(MONDAY + 3 * WEEK + DAY + 12 * HOUR, 50, changes)).toBe(OUT_OF_HOURS_CAP_MS);
    expect(OUT_OF_HOURS_CAP_MS).toBe(WATCH_CAP_MS);
  });

  it('with a longer out-of-hours cap waits up to it, never past the opening of its next window', () => {
    const caps = { inHoursMs: WATCH_CAP_MS, outOfHoursMs: HOUR };
    const gap = (now: number) =>
      nextCheckAt({
        now,
        quietChecks: 50,
        health: 'ok',
        minIntervalMs: FIVE_MIN,
        habit: habitOf(changes),
        caps,
        random: noSpread,
      }) - now;
    expect(gap(MONDAY + 3 * WEEK + DAY + 12 * HOUR)).toBe(HOUR);
    // Thursday 05:30: its window opens at 06:00.
    expect(gap(MONDAY + 3 * WEEK + 3 * DAY + 5.5 * HOUR)).toBe(30 * MIN);
  });

  it('still starts again at the shortest interval after a change out of hours', () => {
    expect(at(MONDAY + 3 * WEEK + DAY + 12 * HOUR, 0, changes)).toBe(FIVE_MIN);
  });
});

describe('learning a habit', () => {
  it('trusts none from fewer than four changes', () => {
    expect(habitOf(weekly([8 * HOUR], 3))).toBeNull();
    expect(habitOf(weekly([8 * HOUR], 4))).not.toBeNull();
  });

  it('finds a daily habit when the list changes every day at about the same hour', () => {
    const daily = Array.from({ length: 10 }, (_, d) => Math.floor((MONDAY + d * DAY + 6 * HOUR + (d % 3) * 20 * MIN) / MIN));
    const habit = habitOf(daily);
    expect(habit?.periodMin).toBe(24 * 60);
    expect(nextWindowAt(habit!, MONDAY + 20 * DAY + 12 * HOUR)).toBe(MONDAY + 21 * DAY + 4.5 * HOUR);
  });

  it('keeps a window that runs past midnight UTC on both sides of it', () => {
    const late = Array.from({ length: 8 }, (_, d) => Math.floor((MONDAY + d * DAY + 10 * MIN) / MIN));
    const habit = habitOf(late);
    expect(habit?.periodMin).toBe(24 * 60);
    expect(inWindow(habit!, MONDAY + 20 * DAY - 30 * MIN)).toBe(true);
    expect(inWindow(habit!, MONDAY + 20 * DAY + 90 * MIN)).toBe(true);
    expect(inWindow(habit!, MONDAY + 20 * DAY + 2 * HOUR)).toBe(false);
    expect(nextWindowAt(habit!, MONDAY + 20 * DAY + 12 * HOUR)).toBe(MONDAY + 21 * DAY - 80 * MIN);
  });

  it('finds none for a list changed at scattered times: it keeps the 12-minute cap', () => {
    const scattered = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => Math.floor((MONDAY + i * (DAY + 5 * HOUR + 17 * MIN)) / MIN));
    expect(habitOf(scattered)).toBeNull();
    expect(at(MONDAY + 9 * DAY, 50, scattered)).toBe(WATCH_CAP_MS);
  });

  it('keeps the last changes only, so a habit that moves is learned again', () => {
    let kept: number[] = [];
    for (let i = 0; i < KEPT_CHANGES + 5; i += 1) kept = withChange(kept, MONDAY + i * DAY);
    expect(kept).toHaveLength(KEPT_CHANGES);
    expect(kept.at(-1)).toBe((MONDAY + (KEPT_CHANGES + 4) * DAY) / MIN);
  });
});
