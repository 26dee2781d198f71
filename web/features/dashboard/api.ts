import type { OwnPostPage } from '../../../core/post';
import { api, withQuery } from '../../lib/api-client';

/** The dashboard's own API; the handle status comes from web/lib/account-api.ts. */
export const dashboardApi = {
  /** The signed-in person's posts with their open counts, newest first. */
  myPosts: (cursor: string | null) => api.get<OwnPostPage>(withQuery('/api/posts/mine', { cursor })),
};
