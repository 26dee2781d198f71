import type { CheckOutcome } from '../server/modules/link-check/checker';
import type { CheckRecord, ClaimedCheck } from '../server/modules/link-check/repository';
import { DAY, recordOf } from '../server/modules/link-check/schedule';
import { seeded } from './watcher-week-mix';

/** A schedule the week is run with: how a check is recorded (when the list is looked at next). */
export interface Rules {
  name: string;
  minIntervalMs: number;
  record: (claim: ClaimedCheck, outcome: CheckOutcome, now: number, minIntervalMs: number) => CheckRecord;
}

/**
 * The schedule (ADR 0220) beside two controls run on the same week: the one it replaced (ADR 0152:
 * doubling up to a day, from a 30-minute shortest interval, the default then) and the 12-minute cap
 * alone (no habits learned), which shows what learning the habits saves.
 */
export function scheduleRules(): Rules[] {
  const random = seeded(7);
  return [
    { name: 'this schedule (ADR 0220)', minIntervalMs: 300_000, record: recordOf },
    {
      name: 'the 12-minute cap alone, no habits',
      minIntervalMs: 300_000,
      record: (claim, outcome, now, min) => recordOf({ ...claim, changeMinutes: [] }, outcome, now, min),
    },
    {
      name: 'before: doubling up to a day from 30 minutes (ADR 0152)',
      minIntervalMs: 1_800_000,
      record: (claim, outcome, now) => {
        const record = recordOf(claim, outcome, now, 1_800_000);
        const base = Math.min(DAY, 1_800_000 * 2 ** Math.min(record.quietChecks, 20));
        return { ...record, nextCheckAt: now + Math.round(base * (0.95 + random() * 0.1)) };
      },
    },
  ];
}
