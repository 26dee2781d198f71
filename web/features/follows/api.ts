import type { FollowersPage, FollowingPage } from '../../../core/follow';
import { api, withQuery } from '../../lib/api-client';

export const followsApi = {
  followers: (cursor: string | null) => api.get<FollowersPage>(withQuery('/api/followers', { cursor })),
  following: (cursor: string | null) => api.get<FollowingPage>(withQuery('/api/following', { cursor })),
};
