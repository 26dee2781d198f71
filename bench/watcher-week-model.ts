/**
 * The link watcher of one process on a simulated clock (bench/watcher-week.ts). The schedule is the
 * real one: every check is recorded by schedule.ts recordOf, which learns the list's habit and says
 * when to look next. The rest is a model of watcher.ts, with its numbers: a round claims due lists
 * in next_check_at order, starts them at checksPerSecond's pace, each first takes one of its host's
 * 8 places and then one of the process's 32; at most twice the process's places claimed and not
 * recorded; a host already given twice its places in the round has its further lists given back
 * for min(shortest interval, 5 minutes); with `urgentFirst` (ADR 0227, priority.ts hostRoom) urgent
 * lists may be started up to three times the host's places and are given back for half a minute.
 */
import type { CheckOutcome } from '../server/modules/link-check/checker';
import { dueAgainAt, hostRoom, isUrgent } from '../server/modules/link-check/priority';
import type { CheckRecord, ClaimedCheck } from '../server/modules/link-check/repository';
import { checksPerSecond } from '../server/modules/link-check/schedule';
import { EventHeap } from './event-heap';
import type { HostModel, WatchedList } from './watcher-week-mix';

export interface WatcherModel {
  minIntervalMs: number;
  pollMs: number;
  perHost: number;
  concurrency: number;
  /** ADR 0227: a busy host's places go to urgent lists first (priority.ts); else every list as ADR 0154. */
  urgentFirst: boolean;
}

/** A check that ended: which list, when it asked, when it was recorded, and whether it read the file whole. */
export interface CheckEnd {
  list: number;
  askedAt: number;
  recordedAt: number;
  notModified: boolean;
  changed: boolean;
}

/** An owner's "check now": pressed at `at`; its job is run by a worker at `jobAt` (after the queue's poll). */
export interface Press {
  list: number;
  at: number;
  jobAt: number;
}

type Event =
  | { kind: 'due'; list: number; gen: number }
  | { kind: 'done'; list: number; now: boolean }
  | { kind: 'press'; press: Press; attempt: number }
  | { kind: 'wake' };

const SAME: CheckOutcome = {
  health: 'ok',
  provider: 'Google Drive',
  file: null,
  detail: null,
  validators: { etag: '"e"', lastModified: null, sha256: null },
  bytes: null,
  changed: false,
};
const CHANGED: CheckOutcome = { ...SAME, changed: true };

function claimOf(list: WatchedList, changeMinutes: number[], nextAt: number): ClaimedCheck {
  const url = `https://${list.host.host}/f/${list.id}`;
  // One literal: a claim built from spreads is slower to read in every one of the week's checks.
  return {
    listId: list.id,
    userId: 'owner',
    postId: 1,
    url,
    health: 'ok',
    fileChangedAt: null,
    etag: '"e"',
    lastModified: null,
    contentSha256: null,
    quietChecks: 3,
    problemSince: null,
    broken: false,
    fileName: null,
    fileType: null,
    fileSize: null,
    provider: null,
    changeSeenAt: null,
    changeMinutes,
    checkedAt: null,
    leaseUntil: nextAt,
    currentPostId: 1,
    currentUrl: url,
  };
}

/**
 * Runs the watcher from `from` to `to` over `lists`, whose files change at `editsOf(list)` (sorted
 * times). `onEnd` hears every check as it is recorded; each of `presses` runs a "check now" job
 * when its worker polls (it bypasses the schedule and the pace, not the host's places).
 */
export function simulateWatcher(args: {
  model: WatcherModel;
  /** schedule.ts recordOf, or a control's rules. */
  record: (claim: ClaimedCheck, outcome: CheckOutcome, now: number, minIntervalMs: number) => CheckRecord;
  lists: WatchedList[];
  history: number[][];
  edits: number[][];
  presses: Press[];
  from: number;
  to: number;
  random: () => number;
  onEnd: (end: CheckEnd) => void;
}) {
  const { model, lists, from, to, random } = args;
  const events = new EventHeap<Event>();
  const claims = lists.map((l, i) => claimOf(l, args.history[i] ?? [], from));
  const gen = new Int32Array(lists.length);
  /** Edits not yet seen by a check: an index into each list's edits. */
  const seenUpTo = new Int32Array(lists.length);
  const leased = new Uint8Array(lists.length);
  const hostOf = new Map<HostModel, { started: number; running: number; waiting: number[] }>();
  for (const l of lists) if (!hostOf.has(l.host)) hostOf.set(l.host, { started: 0, running: 0, waiting: [] });
  const ready: Array<{ list: number; gen: number }> = [];
  let readyHead = 0;
  const globalWaiting: Array<{ list: number; now: boolean }> = [];
  let running = 0;
  let outstanding = 0;
  let nextStart = from;
  let wakeAt = from;
  let deferred = 0;
  const pace = checksPerSecond(lists.length, model.minIntervalMs);
  const askedAt = new Float64Array(lists.length);

  const due = (list: number, at: number) => {
    gen[list] = (gen[list] as number) + 1;
    events.push(at, { kind: 'due', list, gen: gen[list] as number });
  };
  /**
   * The round (watcher.ts runDue): it claims what is due, then, once nothing more is due, waits for
   * every check in flight before claiming again (its tail); a round that found nothing ends, and
   * the next starts LINK_CHECK_POLL_MS later.
   */
  let round: 'claiming' | 'tail' | 'idle' = 'claiming';
  let idleUntil = from;
  const wake = (at: number, now: number) => {
    // One wake pending at a time: every event would otherwise add its own.
    if (wakeAt > now && wakeAt <= at) return;
    wakeAt = at;
    events.push(at, { kind: 'wake' });
  };
  for (let i = 0; i < lists.length; i += 1) due(i, from + random() * 12 * 60_000);

  const ask = (list: number, now: number, byPress: boolean) => {
    running += 1;
    askedAt[list] = now;
    const edits = args.edits[list] as number[];
    const changed = (seenUpTo[list] as number) < edits.length && (edits[seenUpTo[list] as number] as number) < now;
    const host = (lists[list] as WatchedList).host;
    const read = changed || host.alwaysRead;
    events.push(now + (read ? host.readMs : host.notModifiedMs), { kind: 'done', list, now: byPress });
  };
  /** The host's place first, then the process's, as watcher.ts checkOne takes them. */
  const takeHost = (list: number, now: number, byPress: boolean) => {
    const h = hostOf.get((lists[list] as WatchedList).host)!;
    if (h.running >= model.perHost) h.waiting.push(byPress ? -1 - list : list);
    else {
      h.running += 1;
      takeGlobal(list, now, byPress);
    }
  };
  const takeGlobal = (list: number, now: number, byPress: boolean) => {
    if (running >= model.concurrency) globalWaiting.push({ list, now: byPress });
    else ask(list, now, byPress);
  };

  const startDue = (now: number) => {
    if (round === 'idle' && now < idleUntil) return;
    if (round === 'tail' && outstanding > 0) return;
    round = 'claiming';
    while (readyHead < ready.length && outstanding < 2 * model.concurrency) {
      const next = ready[readyHead] as { list: number; gen: number };
      if (next.gen !== gen[next.list] || leased[next.list]) {
        readyHead += 1;
        continue;
      }
      const h = hostOf.get((lists[next.list] as WatchedList).host)!;
      const urgent = model.urgentFirst && isUrgent(claims[next.list] as ClaimedCheck, now);
      if (h.started >= (model.urgentFirst ? hostRoom(urgent, model.perHost) : 2 * model.perHost)) {
        readyHead += 1;
        deferred += 1;
        due(next.list, dueAgainAt(urgent ? 'urgent' : 'later', now, model.minIntervalMs));
        continue;
      }
      if (nextStart > now) {
        wake(nextStart, now);
        return;
      }
      readyHead += 1;
      nextStart = Math.max(now, nextStart) + 1000 / pace;
      h.started += 1;
      outstanding += 1;
      leased[next.list] = 1;
      takeHost(next.list, now, false);
    }
    if (readyHead > 100_000) {
      ready.splice(0, readyHead);
      readyHead = 0;
    }
    if (readyHead < ready.length) return; // room will come as checks end
    if (outstanding > 0) round = 'tail';
    else {
      round = 'idle';
      idleUntil = now + model.pollMs;
      wake(idleUntil, now);
    }
  };

  const finish = (list: number, now: number, byPress: boolean) => {
    running -= 1;
    const waitingGlobal = globalWaiting.shift();
    if (waitingGlobal) ask(waitingGlobal.list, now, waitingGlobal.now);
    const h = hostOf.get((lists[list] as WatchedList).host)!;
    const nextForHost = h.waiting.shift();
    if (nextForHost === undefined) h.running -= 1;
    else takeGlobal(nextForHost < 0 ? -1 - nextForHost : nextForHost, now, nextForHost < 0);
    if (!byPress) {
      h.started -= 1;
      outstanding -= 1;
    }
    leased[list] = 0;
    const edits = args.edits[list] as number[];
    const asked = askedAt[list] as number;
    let seen = seenUpTo[list] as number;
    while (seen < edits.length && (edits[seen] as number) < asked) seen += 1;
    const changed = seen > (seenUpTo[list] as number);
    seenUpTo[list] = seen;
    const claim = claims[list] as ClaimedCheck;
    if (byPress) claim.quietChecks = 0;
    const record = args.record(claim, changed ? CHANGED : SAME, now, model.minIntervalMs);
    // In place: a week of 50,000 lists is tens of millions of checks.
    claim.quietChecks = record.quietChecks;
    claim.changeMinutes = record.changeMinutes;
    claim.checkedAt = now;
    due(list, record.nextCheckAt);
    args.onEnd({ list, askedAt: asked, recordedAt: now, notModified: !changed && !lists[list]!.host.alwaysRead, changed });
  };

  for (const press of args.presses) events.push(press.jobAt, { kind: 'press', press, attempt: 0 });
  const pressed = (press: Press, attempt: number, t: number) => {
    const list = press.list;
    // Claimed unless a check of the list holds its lease: the job then fails and pg-boss runs it again (5, 10, 20, 40 s).
    if (leased[list]) events.push(t + 5000 * 2 ** Math.min(attempt, 3), { kind: 'press', press, attempt: attempt + 1 });
    else {
      leased[list] = 1;
      gen[list] = (gen[list] as number) + 1;
      takeHost(list, t, true);
    }
  };
  while (events.peekTime() < to) {
    const { time, item } = events.pop()!;
    if (item.kind === 'due') {
      if (item.gen === gen[item.list]) ready.push(item);
    } else if (item.kind === 'done') finish(item.list, time, item.now);
    else if (item.kind === 'press') pressed(item.press, item.attempt, time);
    startDue(time);
  }
  return { deferred, pace };
}
