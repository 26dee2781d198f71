import { z } from 'zod';

/**
 * Every kind of admin action the audit log records, with the line the log viewer shows.
 * A module that adds an admin action adds its name here, so the viewer can label it.
 */
export const ADMIN_ACTIONS = {
  'handle-request.approve': 'Approved a handle request',
  'handle-request.reject': 'Rejected a handle request',
  'handle.create': 'Created a handle',
  'handle.delete': 'Deleted a handle',
  'invite.create': 'Created an invite',
  'invite.delete': 'Deleted an invite',
  'invite.sent': 'Changed an invite’s sent mark',
  'invite-request.convert': 'Turned an invite request into an invite',
  'invite-request.delete': 'Deleted an invite request',
  'user.delete': 'Deleted a user',
  'user.restore': 'Restored a user',
  'user.admin-grant': 'Made a user an admin',
  'user.admin-remove': 'Removed a user’s admin flag',
  'user.sessions-end': 'Signed a user out everywhere',
  'note.edit': 'Edited a notes page',
} as const;

export type AdminAction = keyof typeof ADMIN_ACTIONS;

/** The viewer's label for an action; an action unknown to this build shows its raw name. */
export function adminActionLabel(action: string): string {
  return (ADMIN_ACTIONS as Record<string, string>)[action] ?? action;
}

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
