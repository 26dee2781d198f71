import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../plugins/db';
import { adoptUntracked } from './adoption';
import type { LinkChecker } from './check-thread';
import type { CheckLimits, CheckOutcome } from './checker';
import { type Checked, type CheckedNow, fileHandOn } from './file-hand-on';
import { keyedLimiter } from './limiter';
import { dueAgainAt, hostRoom, isUrgent } from './priority';
import { type ClaimedCheck, linkChecksRepository } from './repository';
import { afresh, checksPerSecond, recordOf } from './schedule';
import { anEndOr, breathe } from './turns';

export type { FileFetched, FileFetchedListener, FileVerdict } from './file-hand-on';

/** What the watcher learned that the rest of the product acts on (mail, feeds). */
export interface ListHealthChange {
  listId: number;
  userId: string;
  kind: 'file-changed' | 'broken' | 'recovered';
  at: number;
}

export interface WatcherOptions {
  db: DB;
  /** The checks' network work runs where this says: in production, the link checks' thread (ADR 0191). */
  check: LinkChecker;
  siteHost: string;
  minIntervalMs: number;
  limits: CheckLimits;
  log: FastifyBaseLogger;
  /** Checks in flight at once in this process, and at most this many on one host. */
  concurrency?: number;
  perHost?: number;
  leaseMs?: number;
  onChange?: (changes: ListHealthChange[]) => Promise<void>;
}

/** A check that found no file. */
const NO_FILE = {
  provider: null,
  file: null,
  validators: { etag: null, lastModified: null, sha256: null },
  changed: null,
  bytes: null,
} as const;

/** Checks claimed at once, and recorded at once: one statement each (small, so short). */
const BATCH = 20;
/** How long a round whose last claim started nothing (its hosts all busy) waits before claiming again, unless a check ends first. */
const BUSY_WAIT_MS = 1000;

/**
 * The link watcher of one process (docs/decisions/0152): claims due checks in the database (any
 * number of processes, never one check twice at once, a crash loses nothing: the lease runs out),
 * fetches each list's newest link with its validators, records what it found, tells the rest of the
 * product what changed, and hands whole files to the listeners.
 */
export function createLinkWatcher(options: WatcherOptions) {
  const repo = linkChecksRepository(options.db);
  const files = fileHandOn(options.log);
  // Providers answer in 100-300 ms: 8 at a time on one host keeps a round of 50,000 mostly-Drive
  // lists within the hour (ADR 0152); 32 in flight per process bound sockets and memory.
  const hostLimit = options.perHost ?? 8;
  const perHost = keyedLimiter(hostLimit);
  const concurrency = options.concurrency ?? 32;
  const inFlight = keyedLimiter(concurrency);
  /** Claimed and not yet recorded, at most: claims are topped up as checks end, never waiting for a whole batch. */
  const claimedAtMost = 2 * concurrency;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let now = Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let wake: (() => void) | null = null;
  let lastAdopt = 0;
  /** The pace of this process's checks (schedule.ts checksPerSecond), and when the next one may start. */
  let pace = checksPerSecond(0, options.minIntervalMs);
  let nextStart = 0;
  const paced = async () => {
    const at = performance.now();
    const start = Math.max(at, nextStart);
    nextStart = start + 1000 / pace;
    if (start > at) await new Promise((resolve) => setTimeout(resolve, start - at));
  };

  async function checkOne(claim: ClaimedCheck): Promise<{ claim: ClaimedCheck; outcome: CheckOutcome }> {
    if (!claim.currentUrl) {
      return { claim, outcome: { ...NO_FILE, health: 'unchecked', detail: 'no version' } };
    }
    const host = new URL(claim.currentUrl).hostname;
    const previous =
      claim.etag || claim.lastModified || claim.contentSha256
        ? { etag: claim.etag, lastModified: claim.lastModified, sha256: claim.contentSha256 }
        : null;
    // The host's place first, then the process's: checks waiting for a slow host take no place from the others.
    const outcome = await perHost(host, () =>
      inFlight('all', () =>
        options
          .check(claim.currentUrl as string, { ...options.limits, siteHost: options.siteHost, previous })
          .catch((error: Error): CheckOutcome => ({ ...NO_FILE, health: 'unreachable', detail: error.message })),
      ),
    );
    return { claim, outcome };
  }

  /** Records checks that ended (one statement for what pages show, one for the rest), acts on what changed and returns it. */
  async function record(results: Checked[]): Promise<ListHealthChange[]> {
    if (results.length === 0) return [];
    const at = now();
    const records = results.map(({ claim, outcome, read }) => ({
      claim,
      outcome,
      read,
      record: recordOf(claim, outcome, at, options.minIntervalMs),
    }));
    const shown = records.filter(
      ({ claim, record }) => record.broken !== claim.broken || record.fileChangedAt !== claim.fileChangedAt,
    );
    const quiet = records.filter((r) => !shown.includes(r));
    await repo.record(
      quiet.map((r) => r.record),
      false,
    );
    await breathe();
    await repo.record(
      shown.map((r) => r.record),
      true,
    );
    for (const { claim, outcome, read } of records) if (!read) files.handOn(claim, outcome, at);
    const changes: ListHealthChange[] = shown.flatMap(({ claim, record }) => {
      const list: ListHealthChange[] = [];
      if (record.broken !== claim.broken)
        list.push({ listId: claim.listId, userId: claim.userId, kind: record.broken ? 'broken' : 'recovered', at });
      // A new link's first check is the new version itself, already announced as a post.
      if (
        record.fileChangedAt !== claim.fileChangedAt &&
        claim.url === claim.currentUrl &&
        (claim.etag || claim.lastModified || claim.contentSha256)
      ) {
        list.push({ listId: claim.listId, userId: claim.userId, kind: 'file-changed', at });
      }
      return list;
    });
    if (changes.length > 0 && options.onChange) {
      await options.onChange(changes).catch((error) => options.log.warn({ err: error }, 'link-check: acting on changes failed'));
    }
    return changes;
  }

  return {
    /** Every check due now, BATCH claimed at a time; resolves with how many were checked. */
    async runDue(): Promise<number> {
      const at = now();
      if (at - lastAdopt > 60_000) {
        lastAdopt = at;
        await adoptUntracked(repo, at, options.minIntervalMs);
        await breathe();
        pace = checksPerSecond(await repo.tracked(), options.minIntervalMs);
      }
      let checked = 0;
      const running = new Set<Promise<void>>();
      /** Checks started or waiting per host in this round. */
      const hosts = new Map<string, number>();
      let done: Checked[] = [];
      /** Given back unchecked for a later round, their host having no room (ADR 0227): a slow host holds up only itself. */
      let deferred = { urgent: [] as ClaimedCheck[], later: [] as ClaimedCheck[] };
      /** How many to claim next: halved after a claim that brought checks a busy host cannot take, so they are not claimed only to be given back. */
      let claimSize = BATCH;
      const flush = async () => {
        const [results, later] = [done, deferred];
        [done, deferred] = [[], { urgent: [], later: [] }];
        await breathe();
        for (const kind of ['later', 'urgent'] as const)
          await repo.release(later[kind], dueAgainAt(kind, now(), options.minIntervalMs));
        await record(results);
      };
      for (;;) {
        // Claims as many as there are places: waiting for room for a whole batch would let one slow
        // host's queued checks keep every other host's lists unclaimed until it answers.
        const room = claimedAtMost - running.size;
        if (room <= 0) {
          // What ended is recorded before waiting: the next end may be a slow host's, minutes away.
          while (done.length > 0) await flush();
          // (Checks may end during a flush: their results are flushed too, and a race of none would never end.)
          if (running.size > 0) await Promise.race(running);
          continue;
        }
        await breathe();
        const batch = await repo.claimDue(now(), leaseMs, Math.min(claimSize, room));
        if (batch.length === 0) {
          if (running.size === 0) break;
          // The round's tail: what ends is recorded as it ends, not after the slowest host.
          while (running.size > 0) {
            while (done.length > 0) await flush();
            if (running.size > 0) await Promise.race(running);
          }
          continue;
        }
        let started = 0;
        for (const claimed of batch) {
          const claim = afresh(claimed);
          const host = claim.currentUrl ? new URL(claim.currentUrl).hostname : '';
          const urgent = isUrgent(claim, now());
          if ((hosts.get(host) ?? 0) >= hostRoom(urgent, hostLimit)) {
            deferred[urgent ? 'urgent' : 'later'].push(claim);
            continue;
          }
          started += 1;
          // Started at the watcher's pace, so a host's count is of checks it is answering or queueing.
          await paced();
          hosts.set(host, (hosts.get(host) ?? 0) + 1);
          const task: Promise<void> = (async () => {
            let result: Checked;
            try {
              result = await checkOne(claim);
            } finally {
              // The host's part ends with its answer: reading the file (below) is this process's own time.
              hosts.set(host, (hosts.get(host) ?? 1) - 1);
            }
            const decided = await files.decideByLines(result, now());
            done.push(decided); // not `done.push(await …)`: a flush meanwhile replaces the array
            checked += 1;
          })().finally(() => running.delete(task));
          running.add(task);
        }
        claimSize = started < batch.length ? Math.max(1, Math.floor(claimSize / 2)) : Math.min(BATCH, claimSize * 2);
        if (done.length >= BATCH || deferred.urgent.length + deferred.later.length > 0) await flush();
        // Every list claimed went back (its host is busy): claiming on at once would walk every due
        // list only to give it back. A check's end frees a place; other hosts' lists are claimed within a second.
        if (started === 0 && running.size > 0) await anEndOr(running, BUSY_WAIT_MS);
      }
      await flush();
      return checked;
    },

    /**
     * The owner's "check now" (docs/decisions/0208): this list's check at once, whatever its schedule,
     * in this process's places per host like any other; its file is read before the check is
     * recorded, so what the reading found is known. 'busy': another check of it holds its lease.
     */
    async checkNow(listId: number): Promise<CheckedNow | 'busy' | 'no-version'> {
      const at = now();
      // A list made before the watcher (or restored) gets its row now.
      await repo.adoptUntracked(at, 1, listId - 1, listId);
      const claimed = await repo.claimList(listId, at, leaseMs);
      if (!claimed) return (await repo.ofList(listId)) ? 'busy' : 'no-version';
      // The owner says it changes: its checks start again from the shortest interval.
      const claim = { ...afresh(claimed), quietChecks: 0 };
      if (!claim.currentUrl) {
        await repo.release([claim], at);
        return 'no-version';
      }
      const checked = await files.readNow(await files.decideByLines(await checkOne(claim), now()), now());
      const changes = await record([checked]);
      return {
        outcome: checked.outcome,
        verdict: checked.verdict ?? null,
        fileChanged: changes.some((c) => c.kind === 'file-changed'),
      };
    },

    /** Registers a listener for files read whole; returns its removal. */
    onFileFetched: files.listen,

    /** Resolves once every file handed on so far has been taken by its listeners. */
    idle: files.idle,

    useClock(clock: () => number): void {
      now = clock;
      lastAdopt = 0;
    },

    start(pollMs: number): void {
      if (pollMs <= 0 || timer) return;
      const round = async () => {
        running = this.runDue().catch((error) => options.log.warn({ err: error }, 'link-check: watcher round failed'));
        await running;
        running = null;
        if (!timer) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, pollMs);
        });
        wake = null;
        if (timer) void round();
      };
      timer = setTimeout(round, Math.min(pollMs, 1000));
    },

    async stop(): Promise<void> {
      const t = timer;
      timer = null;
      if (t) clearTimeout(t);
      wake?.();
      await running;
      await this.idle();
    },
  };
}

export type LinkWatcher = ReturnType<typeof createLinkWatcher>;
