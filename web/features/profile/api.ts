import type { FollowState } from '../../../core/follow';
import type { PostPage, Profile } from '../../../core/post';
import { api, segment, withQuery } from '../../lib/api-client';

/** The public profile's API (spec 2, /{handle}); type-only imports keep zod off this page (ADR 0062). */
export const profileApi = {
  profile: (handle: string) => api.get<Profile>(`/api/profiles/${segment(handle)}`),
  posts: (handle: string, cursor: string | null) =>
    api.get<PostPage>(withQuery(`/api/profiles/${segment(handle)}/posts`, { cursor })),
  follow: (handle: string) => api.put<FollowState>(`/api/follows/${segment(handle)}`),
  unfollow: (handle: string) => api.delete<FollowState>(`/api/follows/${segment(handle)}`),
};
