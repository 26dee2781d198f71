import { FIXABLE, type LinkHealth } from '../../../core/link-check';
import { type ChangeHabit, habitOf, inWindow, nextWindowAt, withChange } from './change-habit';
import type { CheckOutcome } from './checker';
import type { CheckRecord, ClaimedCheck } from './repository';

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** An unreachable link counts as broken once it has been so for this long (a day of checks). */
export const UNREACHABLE_GRACE_MS = DAY;

/** Checks started per second per process, at least and at most (the pace, below). */
export const PACE_LIMITS = { min: 20, max: 200 } as const;

/**
 * How many checks a second a watcher starts: fast enough that every tracked list could be checked
 * twice within the shortest interval, and no faster, so a round is spread out instead of run in a
 * burst that would take CPU (and, on PGlite, the event loop) from the pages people are reading.
 */
export function checksPerSecond(tracked: number, minIntervalMs: number): number {
  const needed = (2 * tracked) / (minIntervalMs / 1000);
  return Math.min(PACE_LIMITS.max, Math.max(PACE_LIMITS.min, Math.ceil(needed)));
}

/**
 * The longest a list with no known habit waits between checks: a change is then seen within about
 * this long, leaving time for the mail within issue 41's 15 minutes (docs/decisions/0220).
 */
export const WATCH_CAP_MS = 12 * 60_000;
/**
 * The longest a list with a habit waits outside its usual hours: the cap too (ADR 0227). An hour
 * (ADR 0220) made most off-habit changes late, 4% of all even with no host busy; the habit now
 * decides which lists a busy host's places go to first (priority.ts).
 */
export const OUT_OF_HOURS_CAP_MS = WATCH_CAP_MS;

/** The longest waits in a list's usual hours and outside them (ADR 0227); a list with no habit waits up to WATCH_CAP_MS. */
export interface ScheduleCaps {
  inHoursMs: number;
  outOfHoursMs: number;
}
export const CAPS: ScheduleCaps = { inHoursMs: WATCH_CAP_MS, outOfHoursMs: OUT_OF_HOURS_CAP_MS };

/** A tenth of random spread keeps lists posted together from staying together. */
const spread = (ms: number, random: () => number) => Math.round(ms * (0.95 + random() * 0.1));

export interface ScheduleInput {
  now: number;
  quietChecks: number;
  health: LinkHealth;
  minIntervalMs: number;
  /** When the file usually changes (change-habit.ts), or null when its changes show no habit. */
  habit: ChangeHabit | null;
  caps?: ScheduleCaps;
  random?: () => number;
}

/**
 * When a list is checked next (docs/decisions/0220 and 0227, amending 0152): at the shortest interval
 * after a change, a new link or a failure; otherwise the interval doubles with each quiet check, up
 * to the cap in its usual hours (and with no habit), or up to the out-of-hours cap outside them but
 * never past the opening of its next usual hours. Both caps are WATCH_CAP_MS by default (0227).
 */
export function nextCheckAt(input: ScheduleInput): number {
  const { now, quietChecks, health, minIntervalMs, habit, caps = CAPS, random = Math.random } = input;
  const failing = health !== 'ok' && health !== 'unchecked';
  if (failing) return now + spread(minIntervalMs, random);
  const outOfHours = habit !== null && !inWindow(habit, now);
  const grown = minIntervalMs * 2 ** Math.min(quietChecks, 20);
  const cap = Math.max(minIntervalMs, !habit ? WATCH_CAP_MS : outOfHours ? caps.outOfHoursMs : caps.inHoursMs);
  const at = now + spread(Math.min(cap, grown), random);
  return habit && outOfHours ? Math.min(at, Math.max(nextWindowAt(habit, now), now + minIntervalMs)) : at;
}

/**
 * The row after a check: what was found, whether (and when) the file changed, whether visitors see
 * the list as unavailable, and when to look again. A new link (a new version) starts afresh.
 */
export function recordOf(
  claim: ClaimedCheck,
  outcome: CheckOutcome,
  now: number,
  minIntervalMs: number,
  caps: ScheduleCaps = CAPS,
): CheckRecord {
  const ok = outcome.health === 'ok' || outcome.health === 'unchecked';
  const keep = !ok; // a failing check keeps what the last good one learned
  const changed = outcome.changed === true;
  const first = outcome.changed === null && outcome.health === 'ok';
  const quietChecks = changed || first ? 0 : ok ? claim.quietChecks + 1 : claim.quietChecks;
  const problemSince = ok ? null : (claim.problemSince ?? now);
  const broken =
    FIXABLE.has(outcome.health) ||
    (outcome.health === 'unreachable' && problemSince !== null && now - problemSince >= UNREACHABLE_GRACE_MS);
  const file = outcome.file;
  const fileChangedAt = changed
    ? (file?.modifiedAt ?? now)
    : first
      ? (file?.modifiedAt ?? claim.fileChangedAt)
      : claim.fileChangedAt;
  // The habit is the list's, whatever its link: a new version keeps what earlier ones taught.
  const changeMinutes = changed && fileChangedAt !== null ? withChange(claim.changeMinutes, fileChangedAt) : claim.changeMinutes;
  const validators = outcome.changed === false && outcome.detail === 'not modified' ? null : outcome.validators;
  return {
    listId: claim.listId,
    leaseUntil: claim.leaseUntil,
    postId: claim.currentPostId,
    url: claim.currentUrl,
    health: outcome.health,
    provider: outcome.provider,
    fileName: keep || !file ? claim.fileName : (file.name ?? claim.fileName),
    fileType: keep || !file ? claim.fileType : (file.type ?? claim.fileType),
    fileSize: keep || !file ? claim.fileSize : (file.size ?? claim.fileSize),
    fileChangedAt,
    etag: keep || !validators ? claim.etag : validators.etag,
    lastModified: keep || !validators ? claim.lastModified : validators.lastModified,
    contentSha256: keep || !validators ? claim.contentSha256 : validators.sha256,
    quietChecks,
    problemSince,
    broken,
    lastError: ok ? null : outcome.detail,
    checkedAt: now,
    nextCheckAt: nextCheckAt({ now, quietChecks, health: outcome.health, minIntervalMs, habit: habitOf(changeMinutes), caps }),
    changeSeenAt: changed ? now : claim.changeSeenAt,
    changeMinutes,
  };
}

/** A claim whose link is not the one checked last: a new version, so nothing earlier is compared. */
export function afresh(claim: ClaimedCheck): ClaimedCheck {
  if (claim.url === claim.currentUrl) return claim;
  return {
    ...claim,
    etag: null,
    lastModified: null,
    contentSha256: null,
    fileChangedAt: null,
    quietChecks: 0,
    fileName: null,
    fileType: null,
    fileSize: null,
  };
}
