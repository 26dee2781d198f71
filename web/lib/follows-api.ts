import type { FollowState } from '../../core/follow';
import type { FollowBell } from '../../core/follow-bell-text';
import { api, segment } from './api-client';

/**
 * Follow and unfollow: the profile, a list's page and Explore all offer them, so the calls live here
 * rather than in one feature (ADR 0080). Type-only import: no zod reaches the profile.
 */
export const followsApi = {
  follow: (handle: string) => api.put<FollowState>(`/api/follows/${segment(handle)}`),
  unfollow: (handle: string) => api.delete<FollowState>(`/api/follows/${segment(handle)}`),
};

/** A followed business's bell (docs/decisions/0214): what the reader hears of it, and how often. */
export const bellApi = {
  get: (handle: string) => api.get<FollowBell>(`/api/follows/${segment(handle)}/bell`),
  set: (handle: string, bell: FollowBell) => api.put<FollowBell>(`/api/follows/${segment(handle)}/bell`, bell),
};
