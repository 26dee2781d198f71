import type { z } from 'zod';
import type { AdminHandlesResponse, editedHandleSchema, HandleRequestInput } from '../../../core/handle';
import { api, segment } from '../../lib/api-client';

/** Handle requests and the owner's handle management (spec 2, /request-handle and /admin/handles). */
export const handlesApi = {
  request: (body: HandleRequestInput) => api.post<void>('/api/handle-requests', body),
  adminHandles: () => api.get<AdminHandlesResponse>('/api/admin/handles'),
  approveRequest: (userId: string, body: z.input<typeof editedHandleSchema>) =>
    api.post<{ handle: string }>(`/api/admin/handle-requests/${segment(userId)}/approve`, body),
  /** `reason` goes to the person in the rejection mail, with what they can do next (#31). */
  rejectRequest: (userId: string, reason: string) =>
    api.post<void>(`/api/admin/handle-requests/${segment(userId)}/reject`, reason.trim() ? { reason } : {}),
  removeHandle: (handle: string) => api.delete<void>(`/api/admin/handles/${segment(handle)}`),
  /** The owner's override of a released handle's cooling-off period. */
  releaseHold: (handle: string) => api.delete<void>(`/api/admin/handle-holds/${segment(handle)}`),
};
