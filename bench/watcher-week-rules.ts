import type { CheckOutcome } from '../server/modules/link-check/checker';
import type { CheckRecord, ClaimedCheck } from '../server/modules/link-check/repository';
import { CAPS, DAY, recordOf, type ScheduleCaps } from '../server/modules/link-check/schedule';
import { seeded } from './watcher-week-mix';

/** A schedule the week is run with: how a check is recorded (when the list is looked at next). */
export interface Rules {
  name: string;
  minIntervalMs: number;
  /** A busy host's places go to urgent lists first (ADR 0227), else to any list (ADR 0154). */
  urgentFirst: boolean;
  record: (claim: ClaimedCheck, outcome: CheckOutcome, now: number, minIntervalMs: number) => CheckRecord;
}

const MIN = 60_000;

/** ADR 0220's schedule, as it was: the shortest interval in a list's usual hours, up to an hour outside them. */
const adr0220: ScheduleCaps = { inHoursMs: 5 * MIN, outOfHoursMs: 60 * MIN };

/**
 * The schedule (ADR 0227) beside the controls run on the same week: ADR 0220's as it was (in-hours
 * lists every 5 minutes, a busy host's surplus given back for 5 minutes), the 12-minute cap alone (no
 * habits learned), and the one before both (ADR 0152: doubling up to a day, from a 30-minute
 * shortest interval, the default then). `variants` adds the out-of-hours caps the ADR weighed.
 */
export function scheduleRules(variants = false): Rules[] {
  const random = seeded(7);
  const withCaps =
    (caps: ScheduleCaps): Rules['record'] =>
    (claim, outcome, now, min) =>
      recordOf(claim, outcome, now, min, caps);
  return [
    { name: 'this schedule (ADR 0227)', minIntervalMs: 300_000, urgentFirst: true, record: recordOf },
    ...(variants
      ? [60, 30].map((outOfHours) => ({
          name: `ADR 0227, out of hours up to ${outOfHours} min`,
          minIntervalMs: 300_000,
          urgentFirst: true,
          record: withCaps({ ...CAPS, outOfHoursMs: outOfHours * MIN }),
        }))
      : []),
    {
      name: 'ADR 0220 (5 min in hours, busy host gives back)',
      minIntervalMs: 300_000,
      urgentFirst: false,
      record: withCaps(adr0220),
    },
    {
      name: 'the 12-minute cap alone, no habits',
      minIntervalMs: 300_000,
      urgentFirst: false,
      record: (claim, outcome, now, min) => recordOf({ ...claim, changeMinutes: [] }, outcome, now, min, adr0220),
    },
    {
      name: 'before: doubling up to a day from 30 minutes (ADR 0152)',
      minIntervalMs: 1_800_000,
      urgentFirst: false,
      record: (claim, outcome, now) => {
        const record = recordOf(claim, outcome, now, 1_800_000, adr0220);
        const base = Math.min(DAY, 1_800_000 * 2 ** Math.min(record.quietChecks, 20));
        return { ...record, nextCheckAt: now + Math.round(base * (0.95 + random() * 0.1)) };
      },
    },
  ];
}
