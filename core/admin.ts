import { z } from 'zod';

/** Texts of the admin area that the server sends and the browser shows. */
export const ADMIN_MESSAGES = {
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotUnadminSelf: 'You cannot remove your own admin flag.',
  adminFromConfig: 'This admin is set by ADMIN_EMAILS and gets the flag back at the next sign-in. Remove the email there first.',
  userNotFound: 'User not found.',
  ownerOnly: "Only the owner can delete the owner's account or remove its admin flag.",
  adminsOwnerOnly: 'Only the owner can delete an admin, remove their admin flag or end their sessions.',
  backupNotFound: 'No backup found for this user.',
  restoreExists:
    'A user with this id or email exists now. Restoring overwrites their profile with the backup; confirm to overwrite.',
  restoreAmbiguous: 'Two current users match this backup (one by id, one by email); delete or merge one of them first.',
} as const;

export const adminOverviewSchema = z.object({
  inviteRequests: z.number(),
  pendingInvites: z.number(),
  users: z.number(),
  handleRequests: z.number(),
  deletedUsers: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Where a user's handle stands, for the users page (spec 4: approved, rejected, revoked). */
export const USER_HANDLE_STATES = ['approved', 'requested', 'rejected', 'revoked', 'none'] as const;
export type UserHandleState = (typeof USER_HANDLE_STATES)[number];

export const HANDLE_STATE_LABELS: Record<UserHandleState, string> = {
  approved: 'Approved',
  requested: 'Requested',
  rejected: 'Rejected',
  revoked: 'Handle revoked',
  none: 'No handle',
};

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  handle: z.string().nullable(),
  state: z.enum(USER_HANDLE_STATES),
  admin: z.boolean(),
  adminCreated: z.boolean(),
  /** False for an admin-created profile nobody has signed in to yet. */
  signedIn: z.boolean(),
  createdAt: z.number(),
  restoredAt: z.number().nullable(),
  /** Email of the admin or user who invited them, when known. */
  invitedBy: z.string().nullable(),
  /** The OWNER_EMAIL account: only the owner may delete it or remove its admin flag (#31). */
  owner: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USERS_PAGE_SIZE = 100;

export const usersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
});

export const usersListSchema = z.object({
  users: z.array(adminUserSchema),
  /** True when more users match than one page shows: narrow the search. */
  truncated: z.boolean(),
});
export type UsersList = z.infer<typeof usersListSchema>;

export const setAdminBodySchema = z.object({ admin: z.boolean() });

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'User not found.' }) });

/** What a deletion backup holds, counted for the deleted-users page. */
export const backupSummarySchema = z.object({
  email: z.string(),
  displayName: z.string(),
  handle: z.string().nullable(),
  posts: z.number(),
  following: z.number(),
  followers: z.number(),
  /** Chat forms (with their responses); backups made before ADR 0089 hold none. */
  forms: z.number(),
  hasInvite: z.boolean(),
  hasInviteRequest: z.boolean(),
  hasHandleRequest: z.boolean(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const deletedUserSchema = z.object({
  userId: z.string(),
  deletedAt: z.number(),
  deletedBy: z.string().nullable(),
  /** The person deleted their own account (deletedBy is then null). */
  selfDeleted: z.boolean(),
  /** When the backup is purged (BACKUP_KEEP_DAYS after the deletion); restoring is possible until then. */
  purgeAt: z.number(),
  restoredAt: z.number().nullable(),
  /** A current user has this id or email: restoring needs `overwrite: true`. */
  conflict: z.boolean(),
  summary: backupSummarySchema,
});
export type DeletedUser = z.infer<typeof deletedUserSchema>;

export const deletedUsersListSchema = z.object({ deletedUsers: z.array(deletedUserSchema) });
export type DeletedUsersList = z.infer<typeof deletedUsersListSchema>;

export const deleteUserResponseSchema = z.object({ userId: z.string(), summary: backupSummarySchema });
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;

/** DELETE /api/admin/users/:id/sessions: how many sessions (signed-in browsers) were ended. */
export const endSessionsResponseSchema = z.object({ ended: z.number() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

export const restoreBodySchema = z.object({ overwrite: z.boolean().optional() });

export const restoreResponseSchema = z.object({
  userId: z.string(),
  handle: z.string().nullable(),
  posts: z.number(),
  following: z.number(),
  followers: z.number(),
  /** What could not come back, in words (a handle taken since, a follow whose handle is gone). */
  notes: z.array(z.string()),
});
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

/** One line of /admin/test-firestore-indexes. */
export const indexCheckSchema = z.object({
  name: z.string(),
  query: z.string(),
  pass: z.boolean(),
  reason: z.string(),
});
export const indexCheckResponseSchema = z.object({ database: z.enum(['pglite', 'postgres']), checks: z.array(indexCheckSchema) });
export type IndexCheckResponse = z.infer<typeof indexCheckResponseSchema>;
