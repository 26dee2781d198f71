import { z } from 'zod';
import { redactPersonal } from './redact';

export const ANALYTICS_BATCH_MAX = 50;

/** Free text (a label, an error message): emails and phone numbers in it are replaced (redactPersonal). */
const text = (max: number) => z.string().trim().min(1).max(max).transform(redactPersonal);
const handle = z.string().regex(/^[a-z0-9-]{1,30}$/);
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const empty = z.object({}).strict();

/**
 * Every event and its payload (spec 7 "Analytics", plus page_view). Payloads are small and typed:
 * nothing that names a person (no email, no display name, no free text beyond a label).
 */
export const EVENT_PAYLOADS = {
  page_view: empty,
  login: z.object({ method: z.enum(['popup', 'redirect']) }).strict(),
  sign_up: empty,
  logout: empty,
  handle_request: z.object({ handle }).strict(),
  handle_approved: z.object({ handle }).strict(),
  profile_view: z.object({ handle }).strict(),
  upload_created: z.object({ postId: id.optional() }).strict(),
  upload_viewed: z.object({ postId: id }).strict(),
  link_clicked: z.object({ postId: id.optional(), handle: handle.optional() }).strict(),
  follow: z.object({ handle }).strict(),
  unfollow: z.object({ handle }).strict(),
  invite_sent: z.object({ handle }).strict(),
  invite_accepted: z.object({ handle }).strict(),
  button_click: z.object({ label: text(80) }).strict(),
  search: z.object({ length: z.number().int().min(0).max(500), results: z.number().int().min(0).optional() }).strict(),
  admin_action: z.object({ action: text(80) }).strict(),
  error: z.object({ message: text(300), where: text(80).optional() }).strict(),
  session_start: empty,
  session_end: z
    .object({
      durationMs: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 3600 * 1000),
    })
    .strict(),
  feature_usage: z.object({ feature: text(80) }).strict(),
} as const;

export type AnalyticsEventName = keyof typeof EVENT_PAYLOADS;
export const ANALYTICS_EVENT_NAMES = Object.keys(EVENT_PAYLOADS) as AnalyticsEventName[];
export type AnalyticsPayload<N extends AnalyticsEventName> = z.infer<(typeof EVENT_PAYLOADS)[N]>;

export const ANALYTICS_MESSAGES = {
  unknownEvent: 'Unknown analytics event.',
  payload: 'Analytics event payload does not match its event.',
  tooMany: `At most ${ANALYTICS_BATCH_MAX} events at a time.`,
} as const;

/** A page path without its query or fragment (those can carry ids and tokens), emails and phone numbers redacted. */
export function analyticsPath(raw: string): string {
  const path = raw.split(/[?#]/)[0] ?? '/';
  return path.startsWith('/') ? redactPersonal(path.slice(0, 200)) : '/';
}

export const analyticsEventSchema = z
  .object({
    name: z.string().max(40),
    path: z.string().max(2000).optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((event, ctx) => {
    const schema = (EVENT_PAYLOADS as Record<string, z.ZodType>)[event.name];
    if (!schema) {
      ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.unknownEvent });
      return z.NEVER;
    }
    const payload = schema.safeParse(event.payload ?? {});
    if (!payload.success) {
      ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.payload });
      return z.NEVER;
    }
    return {
      name: event.name as AnalyticsEventName,
      path: event.path === undefined ? null : analyticsPath(event.path),
      payload: payload.data as Record<string, unknown>,
    };
  });
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX, ANALYTICS_MESSAGES.tooMany),
});

export const analyticsConfigSchema = z.object({ gtmId: z.string().nullable() });
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const analyticsReportSchema = z.object({
  days: z.number().int(),
  since: z.number(),
  totals: z.array(z.object({ name: z.string(), count: z.number().int() })),
  daily: z.array(z.object({ day: z.string(), name: z.string(), count: z.number().int() })),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
