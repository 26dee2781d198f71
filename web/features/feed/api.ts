import type { FeedPage } from '../../../core/feed';
import { api, withQuery } from '../../lib/api-client';

export const feedApi = {
  /** A page of the reader's feed, newest first. */
  page: (cursor: string | null) => api.get<FeedPage>(withQuery('/api/feed', { cursor })),
};
