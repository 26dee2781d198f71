import { z } from 'zod';
import type { BackupSummary } from '../../../core/admin';
import type { UserRow } from '../../../db/schema';
import type { BackedUpPost } from './repository';

const nullableText = z.string().nullable();

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
  restored_at: z.number().nullable(),
});

const postSchema: z.ZodType<BackedUpPost> = z.object({
  id: z.number(),
  handle: z.string(),
  url: z.string(),
  description: z.string(),
  created_at: z.number(),
  open_count: z.number(),
});

/** What a deletion stores in deleted_users.backup (version 1). Parsed on restore, so a bad row fails loudly. */
export const backupSchema = z.object({
  version: z.literal(1),
  profile: profileSchema,
  handle: z.object({ handle: z.string(), created_at: z.number() }).nullable(),
  posts: z.array(postSchema),
  /** Whom the user followed: the handle and who held it then (a follow outlives the handle). */
  following: z.array(z.object({ handle: z.string(), followed_user_id: z.string(), followed_at: z.number() })),
  followers: z.array(z.object({ follower_id: z.string(), handle: z.string(), followed_at: z.number() })),
  invites: z.array(z.record(z.string(), z.unknown())),
  inviteRequest: z.record(z.string(), z.unknown()).nullable(),
  handleRequest: z.record(z.string(), z.unknown()).nullable(),
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
    hasInvite: backup.invites.length > 0,
    hasInviteRequest: backup.inviteRequest !== null,
    hasHandleRequest: backup.handleRequest !== null,
  };
}
