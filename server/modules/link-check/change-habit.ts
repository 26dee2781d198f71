/**
 * When a list's file usually changes, learned from its last changes (docs/decisions/0220): the
 * watcher checks closely around those times and less often elsewhere. Times are minutes since the
 * epoch, compared in UTC: a supplier's clock moving an hour (summer time) stays within the margin.
 */

const MINUTE = 60_000;
const DAY_MIN = 24 * 60;
const WEEK_MIN = 7 * DAY_MIN;

/** Changes kept per list: two to three weeks of a list changed on a few mornings a week. */
export const KEPT_CHANGES = 12;
/** Fewer than this and no habit is trusted: four changes can show a weekly rhythm, three rarely do. */
export const LEAST_CHANGES = 4;
/** A window is a change's time of day (or week) this far either side: covers an hour's drift and summer time. */
export const MARGIN_MIN = 90;
/** Share of changes that must fall near another one: a list changed at random has few such pairs. */
const EXPLAINED_SHARE = 0.75;
/** A habit whose windows cover more of the period than this saves little: the list is treated as having none. */
const MOST_COVERED = 0.4;

/** Windows within a repeating period (a day or a week), as minute offsets [start, end), sorted, none wrapping. */
export interface ChangeHabit {
  periodMin: number;
  windows: Array<readonly [number, number]>;
}

/** The changes kept after one more (the oldest go first). */
export function withChange(changes: readonly number[], atMs: number): number[] {
  return [...changes, Math.floor(atMs / MINUTE)].slice(-KEPT_CHANGES);
}

/**
 * The habit of `changes` within `period`, or null. Offsets sorted once: a change is explained when
 * its neighbour either side (round the period) is within the margin, and the windows are the
 * offsets ± the margin merged in order. A check computes it, so it allocates little.
 */
function habitIn(changes: readonly number[], period: number): ChangeHabit | null {
  const offsets = changes.map((m) => ((m % period) + period) % period).sort((a, b) => a - b);
  const n = offsets.length;
  let explained = 0;
  for (let i = 0; i < n; i += 1) {
    const o = offsets[i] as number;
    const before = i > 0 ? o - (offsets[i - 1] as number) : o + period - (offsets[n - 1] as number);
    const after = i < n - 1 ? (offsets[i + 1] as number) - o : (offsets[0] as number) + period - o;
    if (Math.min(before, after) <= MARGIN_MIN) explained += 1;
  }
  if (explained < EXPLAINED_SHARE * n) return null;
  const merged: Array<[number, number]> = [];
  for (const o of offsets) {
    const last = merged.at(-1);
    if (last && o - MARGIN_MIN <= last[1]) last[1] = o + MARGIN_MIN;
    else merged.push([o - MARGIN_MIN, o + MARGIN_MIN]);
  }
  // Windows running past either end of the period continue at the other end.
  const first = merged[0] as [number, number];
  const last = merged.at(-1) as [number, number];
  if (last[1] > period) {
    merged.push([0, last[1] - period]);
    last[1] = period;
  }
  if (first[0] < 0) {
    merged.push([period + first[0], period]);
    first[0] = 0;
  }
  const windows = merged
    .sort((a, b) => a[0] - b[0])
    .reduce<Array<[number, number]>>((out, w) => {
      const prev = out.at(-1);
      if (prev && w[0] <= prev[1]) prev[1] = Math.max(prev[1], w[1]);
      else out.push(w);
      return out;
    }, []);
  const covered = windows.reduce((sum, [s, e]) => sum + e - s, 0);
  return covered <= MOST_COVERED * period ? { periodMin: period, windows } : null;
}

/**
 * The list's habit, or null when its changes show none: a weekly rhythm (certain days and hours)
 * when one explains them, else a daily one (certain hours), else none.
 */
export function habitOf(changes: readonly number[]): ChangeHabit | null {
  const known = habits.get(changes);
  if (known !== undefined) return known;
  const habit = changes.length < LEAST_CHANGES ? null : (habitIn(changes, WEEK_MIN) ?? habitIn(changes, DAY_MIN));
  habits.set(changes, habit);
  return habit;
}

/** Habits by their changes' array, never changed in place (withChange makes a new one): the schedule and the priority ask for the same one. */
const habits = new WeakMap<readonly number[], ChangeHabit | null>();

/** Whether `atMs` falls in one of the habit's windows. */
export function inWindow(habit: ChangeHabit, atMs: number): boolean {
  const offset = Math.floor(atMs / MINUTE) % habit.periodMin;
  return habit.windows.some(([s, e]) => offset >= s && offset < e);
}

/** When the habit's next window opens after `atMs` (epoch ms). */
export function nextWindowAt(habit: ChangeHabit, atMs: number): number {
  const minute = Math.floor(atMs / MINUTE);
  const offset = minute % habit.periodMin;
  const start = habit.windows.find(([s]) => s > offset)?.[0] ?? (habit.windows[0]?.[0] ?? 0) + habit.periodMin;
  return (minute - offset + start) * MINUTE;
}
