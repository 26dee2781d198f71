import type { PublicPost } from '../../../core/feed';
import type { LinkPolicy } from '../../../core/link';
import type { OwnLists } from '../../../core/list';
import type { Audience, TradeSettings } from '../../../core/trade';
import { api } from '../../lib/api-client';

/** The body of POST /api/posts (the server's newPostSchema, built from its link policy). */
export interface NewPost {
  url: string;
  description: string;
  idempotencyKey: string;
  /** A new version of this list of the person's; without it the post starts a list. */
  listId?: number;
  /** The new list's name (its description's first line when left out). */
  listName?: string;
  validFrom?: string;
  validUntil?: string;
  /** A new list's audience (docs/decisions/0180). */
  audience?: Audience;
}

export const postsApi = {
  linkPolicy: () => api.get<LinkPolicy>('/api/link-policy'),
  create: (body: NewPost) => api.post<{ post: PublicPost }>('/api/posts', body),
  /** The person's lists, for "New version of". */
  myLists: () => api.get<OwnLists>('/api/lists/mine'),
  /** The default audience of a new list. */
  tradeSettings: () => api.get<TradeSettings>('/api/trade/settings'),
};
