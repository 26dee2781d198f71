import { describe, expect, it } from 'vitest';
import { GIVE_BACK_MS, hostRoom, isUrgent } from './priority';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A Monday, 00:00 UTC. */
const MONDAY = Date.UTC(2026, 10, 2);
/** Monday and Thursday mornings (08:00, 07:30 UTC) for three weeks: a weekly habit. */
const mornings = [0, 1, 2].flatMap((w) => [8 * HOUR, 3 * DAY + 7.5 * HOUR].map((o) => Math.floor((MONDAY + w * WEEK + o) / MIN)));
const quiet = { health: 'ok', quietChecks: 40, checkedAt: null };

describe('which due lists go first on a busy host', () => {
  it('a list in its usual hours, not outside them', () => {
    expect(isUrgent({ ...quiet, changeMinutes: mornings }, MONDAY + 3 * WEEK + 8 * HOUR)).toBe(true);
    // Tuesday noon, far from its mornings.
    expect(isUrgent({ ...quiet, changeMinutes: mornings }, MONDAY + 3 * WEEK + DAY + 12 * HOUR)).toBe(false);
  });

  it('a list changed within about the hour, whatever its habit: a fix often follows', () => {
    const tuesdayNoon = MONDAY + 3 * WEEK + DAY + 12 * HOUR;
    expect(isUrgent({ health: 'ok', quietChecks: 2, changeMinutes: mornings, checkedAt: null }, tuesdayNoon)).toBe(true);
    expect(isUrgent({ health: 'unchecked', quietChecks: 0, changeMinutes: [], checkedAt: null }, tuesdayNoon)).toBe(true);
  });

  it('a failing link: its fix is awaited', () => {
    expect(isUrgent({ health: 'unreachable', quietChecks: 40, changeMinutes: [], checkedAt: null }, MONDAY)).toBe(true);
    expect(isUrgent({ health: 'not-found', quietChecks: 40, changeMinutes: mornings, checkedAt: null }, MONDAY + DAY)).toBe(true);
  });

  it('a list with no habit when it changed four times in two weeks, not when it rarely changes', () => {
    const now = MONDAY + 3 * WEEK;
    const scattered = [1, 3.3, 6.6, 9.1, 12.4].map((d) => Math.floor((now - d * DAY) / MIN));
    expect(isUrgent({ ...quiet, changeMinutes: scattered }, now)).toBe(true);
    expect(isUrgent({ ...quiet, changeMinutes: scattered.slice(0, 3) }, now)).toBe(false);
    const longAgo = scattered.map((m) => m - Math.floor(WEEK / MIN));
    expect(isUrgent({ ...quiet, changeMinutes: longAgo.slice(1) }, now)).toBe(false);
    expect(isUrgent({ ...quiet, changeMinutes: [] }, now)).toBe(false);
  });

  it('any list not checked for two hours, so that a rarely changed one never waits longer', () => {
    const tuesdayNoon = MONDAY + 3 * WEEK + DAY + 12 * HOUR;
    expect(isUrgent({ ...quiet, changeMinutes: mornings, checkedAt: tuesdayNoon - 110 * MIN }, tuesdayNoon)).toBe(false);
    expect(isUrgent({ ...quiet, changeMinutes: mornings, checkedAt: tuesdayNoon - 2 * HOUR }, tuesdayNoon)).toBe(true);
    expect(isUrgent({ ...quiet, changeMinutes: [], checkedAt: tuesdayNoon - 5 * HOUR }, tuesdayNoon)).toBe(true);
  });

  it('an urgent list has a third round of places and comes back in half a minute; another waits 5 minutes', () => {
    expect(hostRoom(true, 8)).toBe(24);
    expect(hostRoom(false, 8)).toBe(16);
    expect(GIVE_BACK_MS.urgent).toBeLessThan(GIVE_BACK_MS.later);
  });
});
