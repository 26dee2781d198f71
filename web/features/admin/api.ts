import type { z } from 'zod';
import type {
  AdminOverview,
  DeletedUsersList,
  DeleteUserResponse,
  EndSessionsResponse,
  IndexCheckResponse,
  RestoreResponse,
  restoreBodySchema,
  setAdminBodySchema,
  UsersList,
} from '../../../core/admin';
import type { AuditLogPage } from '../../../core/audit';
import type { EmailStatus } from '../../../core/email';
import type { AdminJobs } from '../../../core/jobs';
import type { AdminLinkChecks } from '../../../core/link-check';
import type { Note, NoteSlug, saveNoteBodySchema } from '../../../core/notes';
import { api, segment, withQuery } from '../../lib/api-client';

/** The admin area's API (spec 2, admin pages). */
export const adminApi = {
  overview: () => api.get<AdminOverview>('/api/admin/overview'),
  users: (q: string) => api.get<UsersList>(withQuery('/api/admin/users', { q })),
  setAdmin: (userId: string, body: z.input<typeof setAdminBodySchema>) =>
    api.put<void>(`/api/admin/users/${segment(userId)}/admin`, body),
  endSessions: (userId: string) => api.delete<EndSessionsResponse>(`/api/admin/users/${segment(userId)}/sessions`),
  deleteUser: (userId: string) => api.delete<DeleteUserResponse>(`/api/admin/users/${segment(userId)}`),
  deletedUsers: () => api.get<DeletedUsersList>('/api/admin/deleted-users'),
  restoreUser: (userId: string, body: z.input<typeof restoreBodySchema>) =>
    api.post<RestoreResponse>(`/api/admin/deleted-users/${segment(userId)}/restore`, body),
  indexCheck: () => api.get<IndexCheckResponse>('/api/admin/index-check'),
  /** A page of the audit log, newest first; `before` continues after the last entry shown. */
  auditLog: (before: number | undefined) => api.get<AuditLogPage>(withQuery('/api/admin/audit-log', { before: before || null })),
  /** The outbox: counts by state and the latest failures (#18). */
  emailStatus: () => api.get<EmailStatus>('/api/admin/email'),
  /** The link watcher's state (#29): lists by health, when checked and due, recent failures. */
  linkChecks: (health: string | null) => api.get<AdminLinkChecks>(withQuery('/api/admin/link-checks', { health })),
  /** The job queue (issue 38): what waits, what failed for good. */
  jobs: () => api.get<AdminJobs>('/api/admin/jobs'),
  retryJob: (name: string, id: string) => api.post<{ ok: true }>(`/api/admin/jobs/${segment(name)}/${segment(id)}/retry`),
  retryEmail: (id: number) => api.post<{ ok: true }>(`/api/admin/email/${id}/retry`),
  note: (slug: NoteSlug) => api.get<Note>(`/api/admin/notes/${slug}`),
  saveNote: (slug: NoteSlug, body: z.input<typeof saveNoteBodySchema>) => api.put<Note>(`/api/admin/notes/${slug}`, body),
};
