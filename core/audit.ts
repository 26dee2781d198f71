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
  'handle.release-hold': 'Released a held handle',
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How each detail an action records reads in the log (#31: people's words, not the stored keys). */
const DETAIL_WORDS: Record<string, (value: unknown, all: Record<string, unknown>) => string | null> = {
  email: (v) => `email ${String(v)}`,
  displayName: (v) => `named ${String(v)}`,
  handle: (v) => `@${String(v)}`,
  requested: (v) => `asked for @${String(v)}`,
  existingProfile: (v) => (v ? 'given to a profile that existed already' : null),
  ended: (v) => `${plural(Number(v), 'session')} ended`,
  sent: (v) => (v ? 'marked as sent' : 'marked as not sent'),
  posts: (v) => plural(Number(v), 'post'),
  following: (v) => `following ${Number(v)}`,
  followers: (v) => plural(Number(v), 'follower'),
  forms: (v) => plural(Number(v), 'chat form'),
  hasInvite: (v) => (v ? 'an invite' : null),
  hasInviteRequest: (v) => (v ? 'an invite request' : null),
  hasHandleRequest: (v) => (v ? 'a handle request' : null),
  notes: (v) => (Array.isArray(v) && v.length > 0 ? v.join(' ') : null),
  overwrote: (v) => (v ? 'over a profile that existed again' : null),
  characters: (v, all) =>
    typeof all.previousCharacters === 'number'
      ? `${plural(Number(v), 'character')} (was ${Number(all.previousCharacters)})`
      : plural(Number(v), 'character'),
  previousCharacters: () => null,
  // An id says nothing to a person; the entry's target names them.
  userId: () => null,
};

/** 'existingProfile' → 'existing profile': a key no phrase knows yet, still readable. */
const keyWords = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * An audit entry's details as a line of words ('email bob@example.com · 2 posts · 1 follower'); ''
 * for none. Known details in one order (a stored entry's keys come back in the database's order),
 * then any other.
 */
export function auditDetailText(details: Record<string, unknown>): string {
  const known = Object.keys(DETAIL_WORDS).filter((key) => key in details);
  const others = Object.keys(details).filter((key) => !(key in DETAIL_WORDS));
  return [...known, ...others]
    .map((key) => [key, details[key]] as const)
    .map(([key, value]) => {
      if (value === null || value === undefined || value === '') return null;
      const words = DETAIL_WORDS[key];
      if (words) return words(value, details);
      if (value === false || (Array.isArray(value) && value.length === 0)) return null;
      return `${keyWords(key)}: ${Array.isArray(value) ? value.join(', ') : value === true ? 'yes' : String(value)}`;
    })
    .filter((phrase): phrase is string => phrase !== null)
    .join(' · ');
}
