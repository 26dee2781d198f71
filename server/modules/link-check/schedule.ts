import { FIXABLE, type LinkHealth } from '../../../core/link-check';
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
 * When a list is checked next: at the shortest interval while it changes (or was just posted),
 * doubling with each check that finds it the same, up to a day; a link that fails is tried again at
 * the shortest interval. A tenth of random spread keeps lists posted together from staying together.
 */
export function nextInterval(quietChecks: number, health: LinkHealth, minIntervalMs: number, random = Math.random): number {
  const longest = Math.max(minIntervalMs, DAY);
  const base =
    health === 'ok' || health === 'unchecked' ? Math.min(longest, minIntervalMs * 2 ** Math.min(quietChecks, 20)) : minIntervalMs;
  return Math.round(base * (0.95 + random() * 0.1));
}

/**
 * The row after a check: what was found, whether (and when) the file changed, whether visitors see
 * the list as unavailable, and when to look again. A new link (a new version) starts afresh.
 */
export function recordOf(claim: ClaimedCheck, outcome: CheckOutcome, now: number, minIntervalMs: number): CheckRecord {
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
    nextCheckAt: now + nextInterval(quietChecks, outcome.health, minIntervalMs),
    changeSeenAt: changed ? now : claim.changeSeenAt,
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
