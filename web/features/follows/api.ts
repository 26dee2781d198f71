import type { FollowersPage, FollowingPage, FollowState } from '../../../core/follow';
import { api, segment, withQuery } from '../../lib/api-client';

export const followsApi = {
  followers: (cursor: string | null) => api.get<FollowersPage>(withQuery('/api/followers', { cursor })),
  following: (cursor: string | null) => api.get<FollowingPage>(withQuery('/api/following', { cursor })),
  follow: (handle: string) => api.put<FollowState>(`/api/follows/${segment(handle)}`),
  unfollow: (handle: string) => api.delete<FollowState>(`/api/follows/${segment(handle)}`),
};
