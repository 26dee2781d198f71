import { z } from 'zod';

/** How a person hears about new lists from handles they follow. Default: a daily digest. */
export const LIST_UPDATE_CHOICES = ['instant', 'daily', 'weekly', 'off'] as const;
/** How a chat form's owner hears about its responses. Default: instantly (at most one mail an hour a form). */
export const FORM_RESPONSE_CHOICES = ['instant', 'daily', 'off'] as const;

export type ListUpdateChoice = (typeof LIST_UPDATE_CHOICES)[number];
export type FormResponseChoice = (typeof FORM_RESPONSE_CHOICES)[number];

export const emailPreferencesSchema = z.object({
  listUpdates: z.enum(LIST_UPDATE_CHOICES),
  formResponses: z.enum(FORM_RESPONSE_CHOICES),
  /** Other mail that is not an answer to the person's own action (an invite, a removed handle). */
  notices: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const emailPreferencesUpdateSchema = emailPreferencesSchema.partial().strict();

/** What a one-click unsubscribe link turns off. */
export const UNSUBSCRIBE_CATEGORIES = ['list-updates', 'form-responses', 'notices'] as const;
export type UnsubscribeCategory = (typeof UNSUBSCRIBE_CATEGORIES)[number];

export const EMAIL_STATES = ['queued', 'sending', 'sent', 'held', 'failed', 'cancelled'] as const;

export const emailStatusSchema = z.object({
  counts: z.object(
    Object.fromEntries(EMAIL_STATES.map((s) => [s, z.number()])) as Record<(typeof EMAIL_STATES)[number], z.ZodNumber>,
  ),
  failures: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      recipient: z.string().nullable(),
      subject: z.string().nullable(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: z.number(),
    }),
  ),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const EMAIL_MESSAGES = {
  notFound: 'No such mail.',
  notRetryable: 'Only a failed mail can be sent again: this one was delivered or is on its way.',
  badUnsubscribeLink: 'This unsubscribe link is not valid (any more).',
} as const;
