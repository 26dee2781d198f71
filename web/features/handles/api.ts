import type { z } from 'zod';
import type { AdminHandlesResponse, editedHandleSchema, HandleRequestInput } from '../../../core/handle';
import { api, segment } from '../../lib/api-client';

/** Handle requests and the owner's handle management (spec 2, /request-handle and /admin/handles). */
export const handlesApi = {
  request: (body: HandleRequestInput) => api.post<void>('/api/handle-requests', body),
  adminHandles: () => api.get<AdminHandlesResponse>('/api/admin/handles'),
  approveRequest: (userId: string, body: z.input<typeof editedHandleSchema>) =>
    api.post<{ handle: string }>(`/api/admin/handle-requests/${segment(userId)}/approve`, body),
  rejectRequest: (userId: string) => api.post<void>(`/api/admin/handle-requests/${segment(userId)}/reject`),
  removeHandle: (handle: string) => api.delete<void>(`/api/admin/handles/${segment(handle)}`),
};
