import { z } from 'zod';
import { businessCardSchema } from './business-profile';
import { publicPostSchema } from './feed';

/** The link rules' lists as the server enforces them (GET /api/link-policy). */
export const linkPolicySchema = z.object({
  siteHost: z.string(),
  providers: z.array(z.object({ name: z.string(), hosts: z.array(z.string()), namedInMessage: z.boolean() })),
  blocked: z.array(z.string()),
});

export const postPageSchema = z.object({
  posts: z.array(publicPostSchema),
  nextCursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** The author's own view of a post: how many times its link was opened from Freshlist. */
export const ownPostSchema = publicPostSchema.extend({ openCount: z.number() });
export type OwnPost = z.infer<typeof ownPostSchema>;

export const ownPostPageSchema = z.object({
  posts: z.array(ownPostSchema),
  nextCursor: z.string().nullable(),
});
export type OwnPostPage = z.infer<typeof ownPostPageSchema>;

/** A public profile: handle, display name, business card, and the viewer's relation to it. Never an email. */
export const profileSchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  business: businessCardSchema,
  /** The signed-in viewer holds this handle. */
  isOwner: z.boolean(),
  /** Whether the signed-in viewer follows it; null for visitors and the owner. */
  following: z.boolean().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A numeric id in a URL (posts use bigint identities that stay within JS's safe integers). */
export const postIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Not a post id.')
  .transform(Number);
