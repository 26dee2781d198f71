import type { z } from 'zod';
import type { editedHandleSchema } from '../../../core/handle';
import type {
  AdminHandleInput,
  acceptInviteSchema,
  InviteRequestView,
  InviteView,
  inviteRequestSchema,
  PendingInvitesResponse,
} from '../../../core/invite';
import { api, segment } from '../../lib/api-client';

/** Invites and invite requests (spec 2, /invite, /request-invite and the admin invite pages). */
export const invitesApi = {
  invite: (handle: string) => api.get<InviteView>(`/api/invites/${segment(handle)}`),
  accept: (handle: string, body: z.input<typeof acceptInviteSchema>) =>
    api.post<{ handle: string }>(`/api/invites/${segment(handle)}/accept`, body),
  requestInvite: (body: z.input<typeof inviteRequestSchema>) => api.post<void>('/api/invite-requests', body),
  createInvite: (body: AdminHandleInput) => api.post<{ handle: string }>('/api/admin/invites', body),
  /** A handle an admin makes for an email nobody has signed in with yet (/admin/invite). */
  createHandle: (body: AdminHandleInput) => api.post<{ handle: string }>('/api/admin/handles', body),
  pendingInvites: () => api.get<PendingInvitesResponse>('/api/admin/invites'),
  markSent: (handle: string, sent: boolean) => api.put<void>(`/api/admin/invites/${segment(handle)}/sent`, { sent }),
  removeInvite: (handle: string) => api.delete<void>(`/api/admin/invites/${segment(handle)}`),
  inviteRequests: () => api.get<{ requests: InviteRequestView[] }>('/api/admin/invite-requests'),
  convertRequest: (userId: string, body: z.input<typeof editedHandleSchema>) =>
    api.post<{ handle: string }>(`/api/admin/invite-requests/${segment(userId)}/convert`, body),
  removeRequest: (userId: string) => api.delete<void>(`/api/admin/invite-requests/${segment(userId)}`),
};
