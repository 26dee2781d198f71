import { z } from 'zod';
import { isTimeZone } from './delivery-terms';

/**
 * Quiet hours (issue 41 §4, docs/decisions/0214): alerts that fall inside are held and delivered
 * when they end, in the person's time zone. "22:00" to "07:00" crosses midnight.
 */
export const QUIET_MESSAGES = {
  time: 'Give a time like 22:00.',
  both: 'Give both the start and the end of your quiet hours, or neither.',
  same: 'Quiet hours need a start and an end that differ.',
  timeZone: 'Choose a time zone from the list, like Europe/London.',
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_MESSAGES.time);

export const quietHoursSchema = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  timeZone: z.string(),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const quietHoursUpdateSchema = z
  .object({ start: clock.nullable(), end: clock.nullable(), timeZone: z.string().max(64) })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.start === null) !== (v.end === null)) ctx.addIssue({ code: 'custom', path: ['end'], message: QUIET_MESSAGES.both });
    else if (v.start !== null && v.start === v.end) ctx.addIssue({ code: 'custom', path: ['end'], message: QUIET_MESSAGES.same });
    if (!isTimeZone(v.timeZone)) ctx.addIssue({ code: 'custom', path: ['timeZone'], message: QUIET_MESSAGES.timeZone });
  });

/** "22:30" → 1350 minutes of the day, and back. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A device's push subscription as the browser's PushSubscription.toJSON() gives it (RFC 8030, 8291). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(1000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'Not a push subscription key.'),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'Not a push subscription secret.'),
    }),
  })
  .strict();
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;
export const pushEndpointSchema = z.object({ endpoint: z.string().max(1000) }).strict();
