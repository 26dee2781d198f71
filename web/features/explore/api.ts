import { type DirectoryPage, directoryApiPath } from '../../../core/directory';
import type { FollowState } from '../../../core/follow';
import { api, segment } from '../../lib/api-client';

/** /explore's API: the directory and the Follow buttons on its results. */
export const exploreApi = {
  search: (query: { q: string; trade: string; area: string; page: number }) => api.get<DirectoryPage>(directoryApiPath(query)),
  follow: (handle: string) => api.put<FollowState>(`/api/follows/${segment(handle)}`),
  unfollow: (handle: string) => api.delete<FollowState>(`/api/follows/${segment(handle)}`),
};
