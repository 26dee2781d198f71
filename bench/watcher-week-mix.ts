/**
 * The lists of the watcher's week (bench/watcher-week.ts): where their files live and when their
 * owners edit them. Every number here is an assumption, printed with the results; the shares of
 * patterns follow issue 41 ("most lists edited on a few weekday mornings, some daily, some rarely,
 * a few at random").
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
/** Monday 2026-11-02 00:00 UTC: the measured week starts here. */
export const WEEK_START = Date.UTC(2026, 10, 2);

/** A seeded generator (mulberry32): the same week every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A link's host (the watcher's per-host key) and how it answers a check. */
export interface HostModel {
  host: string;
  share: number;
  /** A 304 costs this long; a file read whole this long (both include the redirect to the download host). */
  notModifiedMs: number;
  readMs: number;
  /** Google Sheets exports are zipped afresh: never a 304, every check reads the workbook (ADR 0157). */
  alwaysRead: boolean;
}

export const HOSTS: HostModel[] = [
  { host: 'docs.google.com', share: 0.3, notModifiedMs: 700, readMs: 700, alwaysRead: true },
  { host: 'drive.google.com', share: 0.35, notModifiedMs: 150, readMs: 400, alwaysRead: false },
  { host: 'www.dropbox.com', share: 0.2, notModifiedMs: 150, readMs: 400, alwaysRead: false },
  { host: 'onedrive.live.com', share: 0.1, notModifiedMs: 200, readMs: 500, alwaysRead: false },
  { host: 'app.box.com', share: 0.05, notModifiedMs: 200, readMs: 500, alwaysRead: false },
];

export type Pattern = 'weekday mornings' | 'daily' | 'rarely' | 'at random' | 'never';

export const PATTERNS: Array<{ pattern: Pattern; share: number }> = [
  { pattern: 'weekday mornings', share: 0.6 },
  { pattern: 'daily', share: 0.15 },
  { pattern: 'rarely', share: 0.15 },
  { pattern: 'at random', share: 0.05 },
  { pattern: 'never', share: 0.05 },
];

/** Owners' clocks: most in the UK and western Europe, some in North America (hours from UTC). */
const ZONES = [
  { offset: 0, share: 0.35 },
  { offset: 1, share: 0.5 },
  { offset: -5, share: 0.15 },
];

/** How often an edit is off its owner's usual days and hours, and how often one is fixed again soon after. */
export const OFF_PATTERN_SHARE = 0.08;
export const FOLLOW_UP_SHARE = 0.1;

export interface WatchedList {
  id: number;
  host: HostModel;
  pattern: Pattern;
  zone: number;
  /** Weekdays (0 = Monday) and the local minute of the day the owner usually edits. */
  days: number[];
  minuteOfDay: number;
}

function pick<T extends { share: number }>(items: T[], r: number): T {
  let sum = 0;
  for (const item of items) {
    sum += item.share;
    if (r < sum) return item;
  }
  return items.at(-1) as T;
}

export function makeLists(count: number, random: () => number): WatchedList[] {
  return Array.from({ length: count }, (_, id) => {
    const pattern = pick(PATTERNS, random()).pattern;
    const weekdays = [0, 1, 2, 3, 4].filter(() => random() < 0.5);
    const days = pattern === 'daily' ? [0, 1, 2, 3, 4, 5, 6] : weekdays.length > 0 ? weekdays : [Math.floor(random() * 5)];
    const startHour = pattern === 'daily' ? 5 : 6;
    return {
      id,
      host: pick(HOSTS, random()),
      pattern,
      zone: pick(ZONES, random()).offset,
      days,
      minuteOfDay: Math.floor((startHour + random() * 4) * 60),
    };
  });
}

/** A normal deviate (Box-Muller), for how far an edit falls from the owner's usual minute. */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A local weekday time `minute` on day `day` (0 = the Monday of WEEK_START + weeks), in UTC ms. */
const localTime = (list: WatchedList, weekAt: number, day: number, minute: number) =>
  weekAt + day * DAY + minute * MIN - list.zone * HOUR;

/** The owner's edits within [from, to), in order: the list's habit, the odd edit off it, and fixes soon after. */
export function editsOf(list: WatchedList, from: number, to: number, random: () => number): number[] {
  const edits: number[] = [];
  const weeks = Math.ceil((to - from) / WEEK) + 1;
  const firstWeek = WEEK_START + Math.floor((from - WEEK_START) / WEEK) * WEEK;
  const poisson = (perWeek: number, businessHours: boolean, weekAt: number) => {
    let n = 0;
    for (let i = 0; i < 40; i += 1) if (random() < perWeek / 40) n += 1;
    for (let i = 0; i < n; i += 1) {
      const at = businessHours
        ? localTime(list, weekAt, Math.floor(random() * 5), (8 + random() * 10) * 60)
        : weekAt + random() * WEEK;
      edits.push(at);
    }
  };
  for (let w = 0; w < weeks; w += 1) {
    const weekAt = firstWeek + w * WEEK;
    if (list.pattern === 'rarely') poisson(0.5, true, weekAt);
    if (list.pattern === 'at random') poisson(10, false, weekAt);
    if (list.pattern !== 'weekday mornings' && list.pattern !== 'daily') continue;
    for (const day of list.days) {
      if (random() < 0.15) continue; // not every usual day
      const at = localTime(list, weekAt, day, list.minuteOfDay + 20 * normal(random));
      edits.push(at);
      if (random() < FOLLOW_UP_SHARE) edits.push(at + (5 + random() * 40) * MIN);
    }
    // The odd edit on another day, in working hours.
    const usual = list.days.length * 0.85;
    if (random() < (OFF_PATTERN_SHARE * usual) / (1 - OFF_PATTERN_SHARE)) poisson(1, true, weekAt);
  }
  return edits.filter((t) => t >= from && t < to).sort((a, b) => a - b);
}
