import { z } from 'zod';
import type { BackupSummary } from '../../../core/admin';
import { QUESTION_TYPES } from '../../../core/chat-form-questions';
import type { UserRow } from '../../../db/schema';
import { checkNowPressBackupSchema, itemAlertBackupSchema } from './alert-rows';
import { linkCheckBackupSchema } from './link-check-rows';
import { listContentsBackupSchema } from './list-contents-repository';
import { orderBackupSchema, orderBlockBackupSchema } from './order-rows';
import { alertSettingsBackupSchema, pushSubscriptionBackupSchema } from './push-rows';
import type {
  BackedUpFollower,
  BackedUpForm,
  BackedUpHandleRequest,
  BackedUpInvite,
  BackedUpInviteRequest,
  BackedUpList,
  BackedUpLogo,
  BackedUpPost,
  BackedUpRemovedPost,
  BackedUpTradeRequest,
  Reference,
} from './repository';

const nullableText = z.string().nullable();
const nullableTime = z.number().nullable();

/**
 * The users row as the backup holds it. Typed against the row (db/schema.ts), so a column added
 * to users fails to compile here until the backup keeps it too.
 */
const profileSchema: z.ZodType<UserRow> = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  oidc_subject: nullableText,
  admin: z.boolean(),
  rejected: z.boolean(),
  handle_revoked: z.boolean(),
  // Backups made before migration 0910 lack it: nothing is waiting to be told.
  handle_removed_notice_seen: z.boolean().default(true),
  admin_created: z.boolean(),
  phone: nullableText,
  socials: nullableText,
  links: nullableText,
  description: nullableText,
  questions: nullableText,
  usage_description: nullableText,
  invited_by: nullableText,
  created_at: z.number(),
  restored_at: nullableTime,
  // Backups made before migration 1200 lack them: no business profile had been written.
  trades: z.array(z.string()).default([]),
  area: nullableText.default(null),
  // Backups made before migration 2400 lack them: lists were public, no choice was made.
  default_audience: z.enum(['public', 'trade']).default('public'),
  shown_to_followed: z.boolean().nullable().default(null),
  business_name: nullableText.default(null),
  // Backups made before migration 2600 lack them: no ordering terms had been set.
  delivery_terms: z
    .unknown()
    .optional()
    .transform((terms) => terms ?? null),
});

const postSchema: z.ZodType<BackedUpPost> = z.object({
  id: z.number(),
  handle: z.string(),
  url: z.string(),
  description: z.string(),
  created_at: z.number(),
  open_count: z.number(),
  // Backups made before ADR 0089 lack it: such a post had no upload key to keep.
  idempotency_key: nullableText.default(null),
  // Backups made before lists (ADR 0101) lack these: each such post comes back as a list of its own.
  list_id: z.number().nullable().default(null),
  newest: z.boolean().default(true),
  edited_at: nullableTime.default(null),
  valid_from: nullableText.default(null),
  valid_until: nullableText.default(null),
  // Backups made before migration 2150 lack it: the post had not moved up for an update.
  moved_at: nullableTime.default(null),
});

const listSchema: z.ZodType<BackedUpList> = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  created_at: z.number(),
  // Backups made before migration 2400 lack it: every list was public. A trade-only list comes back
  // trade only, and its versions are sealed again as they are inserted (after their list).
  audience: z.enum(['public', 'trade']).default('public'),
});

const removedPostSchema: z.ZodType<BackedUpRemovedPost> = z.object({
  id: z.number(),
  handle: z.string(),
  removed_at: z.number(),
});

/** A follow's bell (migration 2910, ADR 0214). Backups made before it lack them: the defaults, as the migration gave. */
const bells = {
  bell: z.enum(['all', 'moves', 'lists', 'none']).default('all'),
  move_percent: z.number().nullable().default(null),
  cadence: z.enum(['instant', 'daily', 'weekly']).nullable().default(null),
  instant_at: nullableTime.default(null),
};

const followerSchema: z.ZodType<BackedUpFollower> = z.object({
  follower_id: z.string(),
  handle: z.string(),
  // Backups made before ADR 0089 lack it: the follow was of the backed-up person (filled in on restore).
  followed_user_id: nullableText.default(null),
  followed_at: z.number(),
  ...bells,
});

const inviteSchema: z.ZodType<BackedUpInvite> = z.object({
  handle: z.string(),
  email: z.string(),
  display_name: z.string(),
  phone: nullableText,
  socials: nullableText,
  links: nullableText,
  description: nullableText,
  questions: nullableText,
  used: z.boolean(),
  sent: z.boolean(),
  created_by: nullableText,
  created_at: z.number(),
  accepted_at: nullableTime,
  accepted_user_id: nullableText,
});

const inviteRequestSchema: z.ZodType<BackedUpInviteRequest> = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  handle: z.string(),
  phone: nullableText,
  socials: nullableText,
  links: nullableText,
  description: nullableText,
  questions: nullableText,
  created_at: z.number(),
});

const handleRequestSchema: z.ZodType<BackedUpHandleRequest> = z.object({
  user_id: z.string(),
  email: z.string(),
  handle: z.string(),
  display_name: z.string(),
  usage_description: z.string(),
  created_at: z.number(),
});

const formSchema: z.ZodType<BackedUpForm> = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(
    z.object({
      field: z.string(),
      lines: z.array(z.string()),
      long: z.boolean().optional(),
      type: z.enum(QUESTION_TYPES).optional(),
      required: z.boolean().optional(),
      options: z.array(z.string()).optional(),
      min: z.number().nullable().optional(),
      max: z.number().nullable().optional(),
    }),
  ),
  thank_you_message: z.string(),
  // Backups made before migration 1400 lack them: such a form was open, without a limit.
  closes_at: nullableTime.default(null),
  max_responses: z.number().nullable().default(null),
  created_at: z.number(),
  updated_at: z.number(),
  responses: z.array(
    z.object({
      id: z.number(),
      answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
      idempotency_key: nullableText,
      submitted_at: z.number(),
    }),
  ),
});

/** The business profile's logo (docs/decisions/0099), its bytes as base64 in the JSON backup. */
const logoSchema: z.ZodType<BackedUpLogo> = z.object({
  image_base64: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
  version: z.string(),
  updated_at: z.number(),
});

const tradeRequestSchema: z.ZodType<BackedUpTradeRequest> = z.object({
  owner_id: z.string(),
  member_id: z.string(),
  business_name: z.string(),
  note: z.string(),
  state: z.enum(['pending', 'approved', 'declined']),
  created_at: z.number(),
  decided_at: nullableTime,
  // Backups from before migration 2900 have no reason.
  decline_reason: z.string().default(''),
});

const referenceSchema: z.ZodType<Reference> = z.object({
  table: z.string(),
  column: z.string(),
  keys: z.array(z.string()),
});

/**
 * What a deletion stores in deleted_users.backup (version 1). Parsed on restore, so a bad row fails
 * loudly. Fields added later (ADR 0089) default to what an older deletion did: it kept no forms (they
 * stayed, ownerless) and remembered no references.
 */
export const backupSchema = z.object({
  version: z.literal(1),
  profile: profileSchema,
  handle: z.object({ handle: z.string(), created_at: z.number() }).nullable(),
  posts: z.array(postSchema),
  /** The person's lists (ADR 0101): ids and slugs kept, so stable addresses and QR codes still work. */
  lists: z.array(listSchema).default([]),
  /** Posts the person removed, so their old open links keep answering 410. */
  removedPosts: z.array(removedPostSchema).default([]),
  /** What the link watcher learned about the lists (ADR 0152); older backups have none. */
  linkChecks: z.array(linkCheckBackupSchema).default([]),
  /** Whom the user followed: the handle and who held it then (a follow outlives the handle). */
  following: z.array(z.object({ handle: z.string(), followed_user_id: z.string(), followed_at: z.number(), ...bells })),
  followers: z.array(followerSchema),
  invites: z.array(inviteSchema),
  inviteRequest: inviteRequestSchema.nullable(),
  handleRequest: handleRequestSchema.nullable(),
  /** The person's chat forms with their responses, removed with them (ADR 0089). */
  forms: z.array(formSchema).default([]),
  /** Backups made before migration 1200 lack it: there were no logos. */
  logo: logoSchema.nullable().default(null),
  /** What Freshlist read in the person's lists: versions and their lines (issue 30). */
  listContents: listContentsBackupSchema,
  /** Requests for trade access made by or to the person (migration 2400); older backups had none. */
  tradeRequests: z.array(tradeRequestSchema).default([]),
  /** Orders the person sent or received, with their lines (docs/decisions/0210); older backups had none. */
  orders: z.array(orderBackupSchema).default([]),
  /** Blocks from ordering by or of the person (docs/decisions/0210); older backups had none. */
  orderBlocks: z.array(orderBlockBackupSchema).default([]),
  /** The person's item alerts with their words and states (docs/decisions/0209); older backups had none. */
  itemAlerts: z.array(itemAlertBackupSchema).default([]),
  /** The owner's check-now presses of their lists (docs/decisions/0208); older backups had none. */
  checkNowPresses: z.array(checkNowPressBackupSchema).default([]),
  /** The person's quiet hours (migration 2920); older backups had none. */
  alertSettings: alertSettingsBackupSchema.nullable().default(null),
  /** The devices the person opted in to push from (migration 2920), restored too (push-rows.ts); older backups had none. */
  pushSubscriptions: z.array(pushSubscriptionBackupSchema).default([]),
  /** Rows that stay when the person goes and pointed at them (table, column, keys): brought back on restore. */
  references: z.array(referenceSchema).default([]),
});
export type Backup = z.infer<typeof backupSchema>;

export function summarize(backup: Backup): BackupSummary {
  return {
    email: backup.profile.email,
    displayName: backup.profile.display_name,
    handle: backup.handle?.handle ?? null,
    posts: backup.posts.length,
    following: backup.following.length,
    followers: backup.followers.length,
    forms: backup.forms.length,
    hasInvite: backup.invites.length > 0,
    hasInviteRequest: backup.inviteRequest !== null,
    hasHandleRequest: backup.handleRequest !== null,
  };
}
