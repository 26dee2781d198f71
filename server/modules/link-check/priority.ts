import { habitOf, inWindow, LEAST_CHANGES } from './change-habit';
import type { ClaimedCheck } from './repository';

const DAY = 86_400_000;
/** Quiet checks after a change during which a fix is still likely (5 + 10 + 12 × 4 minutes: about an hour). */
const RECENT_QUIET_CHECKS = 6;
/** A list with no habit that changed this many times in this long changes at any moment. */
const OFTEN = { changes: LEAST_CHANGES, withinMs: 14 * DAY } as const;
/**
 * A list not checked for this long goes first whatever its habit: on a host that never has room for
 * the others, a rarely changed list was given back for up to 11 hours (ADR 0233; an hour crowded out
 * the lists likely to have changed, 4 hours left a 4-hour wait).
 */
const OVERDUE_MS = 2 * 60 * 60_000;

/**
 * Whether a due list goes first on a busy host (docs/decisions/0227): a change is likely now, so a
 * late check would likely make a change late. Likely: its link fails (a fix is awaited), it changed
 * within about the hour (fixes follow), it is in its usual hours, or it has no habit but changes
 * often. And any list left unchecked for two hours, so that none waits longer. Not likely: outside its usual hours, or rarely changed; those wait when the host is full.
 */
export function isUrgent(
  claim: Pick<ClaimedCheck, 'health' | 'quietChecks' | 'changeMinutes' | 'checkedAt'>,
  now: number,
): boolean {
  if (claim.health !== 'ok' && claim.health !== 'unchecked') return true;
  if (claim.quietChecks < RECENT_QUIET_CHECKS) return true;
  if (claim.checkedAt !== null && now - claim.checkedAt >= OVERDUE_MS) return true;
  const habit = habitOf(claim.changeMinutes);
  if (habit) return inWindow(habit, now);
  const since = Math.floor((now - OFTEN.withinMs) / 60_000);
  return claim.changeMinutes.filter((m) => m >= since).length >= OFTEN.changes;
}

/**
 * A host's room in one round, and how long a list it has no room for is given back (ADR 0227,
 * amending 0154): any list may be started while the host has fewer than twice its places started
 * (0154's room, which absorbs a round's bursts on hosts that keep up); an urgent list also into a
 * third place's worth, so a host that cannot keep up gives its places to urgent lists first. A
 * list with no room is given back: an urgent one for half a minute, any other for 5 minutes.
 */
export function hostRoom(urgent: boolean, hostLimit: number): number {
  return (urgent ? 3 : 2) * hostLimit;
}
export const GIVE_BACK_MS = { urgent: 30_000, later: 5 * 60_000 } as const;

/** When a list given back is due again: never later than the shortest interval. */
export const dueAgainAt = (kind: keyof typeof GIVE_BACK_MS, now: number, minIntervalMs: number) =>
  now + Math.min(minIntervalMs, GIVE_BACK_MS[kind]);
