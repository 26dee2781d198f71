/**
 * Issue 41 §1's bench: a week of 50,000 watched lists on a simulated clock, with the production
 * defaults, from each file's change to the follower's mail or push (ADR 0220). Deterministic (a
 * seeded mix), no database, no network: the schedule is the server's own (schedule.ts), the pace,
 * host places and mail hand-out are modelled with the server's numbers. Runs alone with
 * `npx tsx bench/watcher-week.ts [--lists=N]`, and within `npm run bench` unless --skip-watcher-week.
 */
import { pathToFileURL } from 'node:url';
import { GATHER_MARGIN_MS } from '../server/modules/email/instant-hand-out';
import { instantMails } from './watcher-week-mail';
import {
  editsOf,
  FOLLOW_UP_SHARE,
  HOSTS,
  makeLists,
  OFF_PATTERN_SHARE,
  PATTERNS,
  seeded,
  WEEK,
  WEEK_START,
} from './watcher-week-mix';
import { type Press, simulateWatcher } from './watcher-week-model';
import { watcherWeekMarkdown } from './watcher-week-report';
import { type Rules, scheduleRules } from './watcher-week-rules';

/** The production defaults (server/config*.ts) the week runs with. */
export const PRODUCTION = {
  minIntervalMs: 300_000,
  pollMs: 5000,
  perHost: 8,
  concurrency: 32,
  jobsPollMs: 1000,
  emailPollMs: 5000,
  instantIntervalMs: 3_600_000,
} as const;

/** Share of edits after which the owner presses "check now", half a minute to three minutes later. */
const PRESS_SHARE = 0.1;
const MIN = 60_000;
const HISTORY_WEEKS = 3;

export interface Spread {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

export interface WatcherWeekRun {
  rules: string;
  edits: number;
  /** From a change to the check that saw it, and to the follower's mail, in minutes. */
  detected: Spread;
  mailed: Spread;
  /** The same mails were the follower's hour not kept (a what-if: ADR 0214 keeps it). */
  mailedAtOnce: Spread;
  /** The "instantly": changes whose follower had no mail about the business in the hour (ADR 0227). */
  mailedUnheld: Spread;
  /** Share of changes seen, and mailed, more than the target's 15 minutes after they were made. */
  lateShare: { detected: number; mailed: number; mailedUnheld: number };
  /** Mails the follower's hour held (a mail about the business went less than an hour before). */
  heldShare: number;
  checksPerHour: { mean: number; peak: number };
  /** Checks answered 304, and files read whole (every Sheets check), per check. */
  notModifiedShare: number;
  readsPerHour: number;
  deferred: number;
  /** Press to mail, in seconds, for presses made before the followers were told; to the check's record; without the hour. */
  checkNow: Spread & { toldBefore: number; seen: Spread; atOnce: Spread; unheld: Spread; held: Spread };
}

export interface WatcherWeekBench {
  lists: number;
  seed: number;
  runs: WatcherWeekRun[];
  seconds: number;
}

function spread(values: number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) =>
    sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN, count: sorted.length };
}

const shareOver = (values: number[], limit: number) => values.filter((v) => v > limit).length / Math.max(1, values.length);

/** One simulated week under `rules`: the same lists, edits and presses for every rules. */
export function runWeek(lists: number, seed: number, rules: Rules): WatcherWeekRun {
  const random = seeded(seed);
  const watched = makeLists(lists, random);
  const from = WEEK_START - 24 * 60 * MIN;
  const to = WEEK_START + WEEK;
  // What the schedule learned before the week: the last changes of three weeks, seen when made.
  const history = watched.map((l) =>
    editsOf(l, from - HISTORY_WEEKS * WEEK, from, random)
      .slice(-12)
      .map((t) => Math.floor(t / MIN)),
  );
  const edits = watched.map((l) => editsOf(l, from, to, random));
  const presses: Press[] = [];
  const pressOf: Array<{ list: number; edit: number; at: number }> = [];
  for (const [list, times] of edits.entries()) {
    for (const [edit, t] of times.entries()) {
      if (t < WEEK_START || random() >= PRESS_SHARE) continue;
      const at = t + (0.5 + random() * 2.5) * MIN;
      presses.push({ list, at, jobAt: at + random() * PRODUCTION.jobsPollMs });
      pressOf.push({ list, edit, at });
    }
  }
  presses.sort((a, b) => a.jobAt - b.jobAt);
  const mails = instantMails({ ...PRODUCTION, gatherMarginMs: GATHER_MARGIN_MS }, random);
  const atOnce = instantMails({ ...PRODUCTION, instantIntervalMs: 0, gatherMarginMs: GATHER_MARGIN_MS }, random);
  const told = new Int32Array(lists);
  const detectedAt = edits.map((e) => new Float64Array(e.length));
  const mailedAt = edits.map((e) => new Float64Array(e.length));
  const atOnceAt = edits.map((e) => new Float64Array(e.length));
  const heldBy = edits.map((e) => new Uint8Array(e.length));
  const hours = new Float64Array(24 * 8);
  let checks = 0;
  let notModified = 0;
  let reads = 0;
  let held = 0;
  let mailed = 0;
  const { deferred } = simulateWatcher({
    model: { ...PRODUCTION, minIntervalMs: rules.minIntervalMs, urgentFirst: rules.urgentFirst },
    record: rules.record,
    lists: watched,
    history,
    edits,
    presses,
    from,
    to: to + 24 * 60 * MIN,
    random,
    onEnd(end) {
      if (end.recordedAt >= WEEK_START && end.recordedAt < to) {
        checks += 1;
        const hour = Math.floor((end.recordedAt - WEEK_START) / (60 * MIN));
        hours[hour] = (hours[hour] ?? 0) + 1;
        if (end.notModified) notModified += 1;
        else reads += 1;
      }
      if (!end.changed) return;
      const mail = mails.mailFor(end.list, end.recordedAt);
      const unheld = atOnce.mailFor(end.list, end.recordedAt);
      const times = edits[end.list] as number[];
      let i = told[end.list] as number;
      for (; i < times.length && (times[i] as number) < end.askedAt; i += 1) {
        (detectedAt[end.list] as Float64Array)[i] = end.recordedAt;
        (mailedAt[end.list] as Float64Array)[i] = mail.at;
        (atOnceAt[end.list] as Float64Array)[i] = unheld.at;
        (heldBy[end.list] as Uint8Array)[i] = mail.held ? 1 : 0;
        if ((times[i] as number) >= WEEK_START) {
          mailed += 1;
          if (mail.held) held += 1;
        }
      }
      told[end.list] = i;
    },
  });
  /** From `since` to each edit's time in `at` (0: never), in `unit`. */
  const delay = (at: Float64Array[], list: number, i: number, since: number, unit: number) => {
    const t = (at[list] as Float64Array)[i] as number;
    return t > 0 ? (t - since) / unit : Number.POSITIVE_INFINITY;
  };
  const [detected, toMail, toMailAtOnce, toMailUnheld]: [number[], number[], number[], number[]] = [[], [], [], []];
  for (const [list, times] of edits.entries()) {
    for (const [i, t] of times.entries()) {
      if (t < WEEK_START) continue;
      detected.push(delay(detectedAt, list, i, t, MIN));
      toMail.push(delay(mailedAt, list, i, t, MIN));
      toMailAtOnce.push(delay(atOnceAt, list, i, t, MIN));
      if (!(heldBy[list] as Uint8Array)[i]) toMailUnheld.push(delay(mailedAt, list, i, t, MIN));
    }
  }
  const [pressed, pressSeen, pressAtOnce, pressUnheld, pressHeld]: [number[], number[], number[], number[], number[]] = [
    [],
    [],
    [],
    [],
    [],
  ];
  let toldBefore = 0;
  for (const p of pressOf) {
    const mail = (mailedAt[p.list] as Float64Array)[p.edit] as number;
    if (mail > 0 && mail <= p.at) toldBefore += 1;
    else {
      const toMail = delay(mailedAt, p.list, p.edit, p.at, 1000);
      pressed.push(toMail);
      ((heldBy[p.list] as Uint8Array)[p.edit] ? pressHeld : pressUnheld).push(toMail);
      pressSeen.push(delay(detectedAt, p.list, p.edit, p.at, 1000));
      pressAtOnce.push(delay(atOnceAt, p.list, p.edit, p.at, 1000));
    }
  }
  const measured = hours.slice(0, 24 * 7);
  return {
    rules: rules.name,
    edits: detected.length,
    detected: spread(detected),
    mailed: spread(toMail),
    mailedAtOnce: spread(toMailAtOnce),
    mailedUnheld: spread(toMailUnheld),
    lateShare: {
      detected: shareOver(detected, 15),
      mailed: shareOver(toMail, 15),
      mailedUnheld: shareOver(toMailUnheld, 15),
    },
    heldShare: mailed > 0 ? held / mailed : 0,
    checksPerHour: { mean: checks / (24 * 7), peak: Math.max(...measured) },
    notModifiedShare: checks > 0 ? notModified / checks : 0,
    readsPerHour: reads / (24 * 7),
    deferred,
    checkNow: {
      ...spread(pressed),
      toldBefore,
      seen: spread(pressSeen),
      atOnce: spread(pressAtOnce),
      unheld: spread(pressUnheld),
      held: spread(pressHeld),
    },
  };
}

export function runWatcherWeek(
  lists: number,
  log: (line: string) => void,
  seed = 41,
  only: (rules: Rules, index: number) => boolean = () => true,
): WatcherWeekBench {
  const started = performance.now();
  const runs = scheduleRules(process.argv.includes('--variants'))
    .filter(only)
    .map((rules) => {
      log(`watcher week: ${lists.toLocaleString('en-US')} lists, ${rules.name} ...`);
      const run = runWeek(lists, seed, rules);
      log(`  change → mail p95 ${run.mailed.p95.toFixed(1)} min, ${Math.round(run.checksPerHour.mean)} checks/hour`);
      return run;
    });
  return { lists, seed, runs, seconds: (performance.now() - started) / 1000 };
}

export { watcherWeekMarkdown };

/** The assumptions, printed with the figures. */
export const ASSUMPTIONS = { HOSTS, PATTERNS, OFF_PATTERN_SHARE, FOLLOW_UP_SHARE, PRESS_SHARE };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const lists = Number(value('lists') ?? 50_000);
  // --rules=0,2: only those schedules (by their place in the table), each run in a process of its own.
  const picked = value('rules')?.split(',').map(Number);
  const bench = runWatcherWeek(
    lists,
    (line) => process.stderr.write(`${line}\n`),
    41,
    (_, i) => !picked || picked.includes(i),
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(bench));
  else console.log(watcherWeekMarkdown(bench));
}
