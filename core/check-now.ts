import { z } from 'zod';
import { changeSummary, hasChanges } from './change-summary';
import { LINK_HEALTH, type LinkHealth, linkHealthMessage } from './link-check';
import { CHECK_NOW_TEXTS } from './link-check-text';
import { changeCountsSchema } from './list-contents-api';

/**
 * The owner's "I've updated it: check now" (docs/decisions/0208): the newest version's file checked
 * at once by a worker, what it found said in a sentence, a few presses an hour per list.
 */

/** Presses of one list within an hour; the next waits until the oldest of them is an hour old. */
export const CHECK_NOW_PER_HOUR = 4;
export const CHECK_NOW_WINDOW_MS = 60 * 60_000;

const CHECK_NOW_TEXT = CHECK_NOW_TEXTS;

/** "… you can press it again in 12 minutes." */
export function checkNowLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `"Check now" was pressed ${CHECK_NOW_PER_HOUR} times for this list in the last hour: you can press it again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** What one check found, as the press keeps it. */
export const checkNowOutcomeSchema = z.discriminatedUnion('kind', [
  /** The file changed and followers are told: with the counts of the new version's diff when Freshlist read it. */
  z.object({ kind: z.literal('changed'), counts: changeCountsSchema.nullable() }),
  z.object({ kind: z.literal('unchanged') }),
  /** The link does not give the file (or cannot be looked at): what the owner can do about it. */
  z.object({ kind: z.literal('problem'), health: z.enum(LINK_HEALTH), provider: z.string().nullable() }),
  z.object({ kind: z.literal('no-version') }),
]);
export type CheckNowOutcome = z.infer<typeof checkNowOutcomeSchema>;

/** POST /api/lists/:id/check-now and GET …/check-now/:checkId: the press, and once settled what it found. */
export const checkNowStateSchema = z.object({
  id: z.number(),
  state: z.enum(['checking', 'done']),
  kind: z.enum(['changed', 'unchanged', 'problem', 'no-version']).nullable(),
  message: z.string().nullable(),
});
export type CheckNowState = z.infer<typeof checkNowStateSchema>;

export const checkIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Not a check id.')
  .transform(Number);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function problemMessage(health: LinkHealth, provider: string | null): string {
  // The fix-it sentences the upload form and the dashboard's banner use (they end "then try again").
  if (health === 'needs-sign-in' || health === 'not-found' || health === 'not-a-file')
    return linkHealthMessage(health, provider) ?? '';
  if (health === 'unreachable')
    return `We could not reach ${provider ?? 'the file host'} just now: we check the file again soon.`;
  return `${provider ?? 'This file host'} gives no way to look at the file from here, so Freshlist cannot check it.`;
}

/** "3 prices up, 1 new item: your followers are being told." */
export function checkNowMessage(outcome: CheckNowOutcome): string {
  switch (outcome.kind) {
    case 'changed':
      return outcome.counts && hasChanges(outcome.counts)
        ? `${capitalised(changeSummary(outcome.counts))}: ${CHECK_NOW_TEXT.told}.`
        : `${CHECK_NOW_TEXT.fileChanged}: ${CHECK_NOW_TEXT.told}.`;
    case 'unchanged':
      return CHECK_NOW_TEXT.unchanged;
    case 'problem':
      return problemMessage(outcome.health, outcome.provider);
    default:
      return CHECK_NOW_TEXT.noVersion;
  }
}
