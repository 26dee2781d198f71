import type { FeedPage } from '../../../core/feed';
import type { FollowersPage } from '../../../core/follow';
import type { OwnPostPage } from '../../../core/post';
import { api, withQuery } from '../../lib/api-client';

/** The dashboard's own API; the handle status comes from web/lib/account-api.ts. */
export const dashboardApi = {
  /** The signed-in person's posts with their open counts, newest first. */
  myPosts: (cursor: string | null) => api.get<OwnPostPage>(withQuery('/api/posts/mine', { cursor })),
  /** The newest posts of the handles the person follows (the first page of /feed). */
  feed: () => api.get<FeedPage>('/api/feed'),
  /** The first page of followers, for its counts: everyone who follows, and those without a public page. */
  followers: () => api.get<FollowersPage>('/api/followers'),
  /** The removed-handle notice has been shown: the dashboard does not say it again. */
  removedHandleNoticeSeen: () => api.post<void>('/api/handle-status/removed-notice/seen'),
};
