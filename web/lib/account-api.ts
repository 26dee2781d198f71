import type { MeResponse } from '../../core/api';
import type { HandleStatus } from '../../core/handle';
import { api } from './api-client';

/**
 * The signed-in person's own state, read by the auth provider and by several features (dashboard,
 * handle and invite requests), so it lives here rather than in one feature's api.ts.
 */
export const accountApi = {
  me: () => api.get<MeResponse>('/api/auth/me'),
  logout: () => api.post<void>('/api/auth/logout'),
  /** Where the person stands: an approved handle, a request under review, an invite to confirm, or none. */
  handleStatus: () => api.get<HandleStatus>('/api/handle-status'),
};
