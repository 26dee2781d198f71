import { z } from 'zod';
import { BELL_CADENCES, BELL_MESSAGES, BELLS, type FollowBell, MOVE_PERCENT_MAX, MOVE_PERCENT_MIN } from './follow-bell-text';

/** The bell's schemas (issue 41 §2, docs/decisions/0214); its words and types are in follow-bell-text.ts. */
export type { FollowBell } from './follow-bell-text';

export const followBellSchema: z.ZodType<FollowBell> = z.object({
  bell: z.enum(BELLS),
  /** The smallest price move heard of, in percent; only with 'moves'. */
  movePercent: z.number().int().nullable(),
  /** Null: the person's default (email_preferences.list_updates). */
  cadence: z.enum(BELL_CADENCES).nullable(),
});
/** A change of bell as a request sends it; the rule between bell and percentage is checked with its message. */
export const followBellUpdateSchema = z
  .object({
    bell: z.enum(BELLS),
    movePercent: z.number().int().min(MOVE_PERCENT_MIN).max(MOVE_PERCENT_MAX).nullable().optional(),
    cadence: z.enum(BELL_CADENCES).nullable(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const percent = value.movePercent ?? null;
    if (value.bell === 'moves' && percent === null) {
      ctx.addIssue({ code: 'custom', path: ['movePercent'], message: BELL_MESSAGES.percentNeeded });
    }
    if (value.bell !== 'moves' && percent !== null) {
      ctx.addIssue({ code: 'custom', path: ['movePercent'], message: BELL_MESSAGES.percentOnlyForMoves });
    }
  });
export type FollowBellUpdate = z.infer<typeof followBellUpdateSchema>;
