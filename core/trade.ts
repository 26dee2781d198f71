import { z } from 'zod';
import { hasControlCharacters, noControlCharacters, TEXT_MESSAGES } from './text';
import { characterCount } from './text-rules';
import { AUDIENCES, BUSINESS_NAME_MAX_LENGTH, REQUEST_NOTE_MAX_LENGTH, TRADE_MESSAGES } from './trade-text';

/** The rules and schemas of trade-only lists; their texts are in trade-text.ts (no zod: public pages load them). */
export { AUDIENCES, type Audience, BUSINESS_NAME_MAX_LENGTH, REQUEST_NOTE_MAX_LENGTH, TRADE_MESSAGES } from './trade-text';

export const audienceSchema = z.enum(AUDIENCES);

const businessName = z
  .string({ error: TRADE_MESSAGES.businessNameRequired })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    if (name === '') ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.businessNameRequired });
    else if (characterCount(name) > BUSINESS_NAME_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.businessNameTooLong });
  })
  .check(noControlCharacters('Business name'));

/** POST /api/trade/:handle/requests: who is asking (a business name, an optional note). */
export const accessRequestSchema = z.object({
  businessName,
  note: z
    .string()
    .optional()
    .transform((s) => s?.trim() ?? '')
    .refine((s) => characterCount(s) <= REQUEST_NOTE_MAX_LENGTH, TRADE_MESSAGES.noteTooLong)
    .check(noControlCharacters('Note', { multiline: true })),
});
export type AccessRequestInput = z.infer<typeof accessRequestSchema>;

export const accessStateSchema = z.enum(['none', 'pending', 'approved', 'declined', 'owner']);
export type AccessState = z.infer<typeof accessStateSchema>;

/** What a signed-in viewer's relation to a handle's trade-only lists is (GET /api/trade/:handle). */
export const tradeAccessSchema = z.object({
  handle: z.string(),
  state: accessStateSchema,
  /** How many trade-only lists the handle has (their names are public). */
  tradeLists: z.number().int(),
  /** The business name the viewer last gave, to fill the form. */
  businessName: z.string().nullable(),
  /** When the business declined the viewer's request, and why if they said (state 'declined'). */
  declinedAt: z.number().nullable().optional(),
  declineReason: z.string().optional(),
});
export type TradeAccess = z.infer<typeof tradeAccessSchema>;

/** One request or approved member, as the supplier sees it. */
export const tradeMemberSchema = z.object({
  memberId: z.string(),
  businessName: z.string(),
  displayName: z.string(),
  /** The asker's sign-in email: shown only to the supplier they asked, so they can check who asks. */
  email: z.string(),
  handle: z.string().nullable(),
  note: z.string(),
  state: z.enum(['pending', 'approved', 'declined']),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  /** Whether they follow the supplier: access stays after an unfollow until the supplier removes it (ADR 0213). */
  following: z.boolean(),
});
export type TradeMember = z.infer<typeof tradeMemberSchema>;
export const tradeMembersSchema = z.object({ pending: z.array(tradeMemberSchema), approved: z.array(tradeMemberSchema) });
export type TradeMembers = z.infer<typeof tradeMembersSchema>;

/** The supplier's answer: approve, decline (with an optional reason), or remove access given before. */
export const tradeDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline', 'remove']),
  reason: z
    .string()
    .optional()
    .transform((s) => s?.trim() ?? '')
    .refine((s) => characterCount(s) <= REQUEST_NOTE_MAX_LENGTH, TRADE_MESSAGES.reasonTooLong)
    .check(noControlCharacters('Reason', { multiline: true })),
});
export type TradeDecision = z.infer<typeof tradeDecisionSchema>['decision'];

/** A list's audience changed by its owner (PUT /api/lists/:id/audience). */
export const listAudienceSchema = z.object({ audience: audienceSchema });

/** The person's trade settings: the default audience of new lists, and being shown to followed businesses. */
export const tradeSettingsSchema = z.object({
  defaultAudience: audienceSchema,
  shownToFollowed: z.boolean(),
  businessName: z.string().nullable(),
});
export type TradeSettings = z.infer<typeof tradeSettingsSchema>;
export const tradeSettingsInputSchema = z.object({
  defaultAudience: audienceSchema.optional(),
  shownToFollowed: z.boolean().optional(),
  businessName: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? undefined : s.trim() || null))
    .refine((s) => !s || characterCount(s) <= BUSINESS_NAME_MAX_LENGTH, TRADE_MESSAGES.businessNameTooLong)
    .refine((s) => !s || !hasControlCharacters(s), TEXT_MESSAGES.controlCharacters('Business name')),
});
