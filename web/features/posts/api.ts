import type { PublicPost } from '../../../core/feed';
import type { LinkPolicy } from '../../../core/link';
import { api } from '../../lib/api-client';

/** The body of POST /api/posts (the server's newPostSchema, built from its link policy). */
export interface NewPost {
  url: string;
  description: string;
  idempotencyKey: string;
}

export const postsApi = {
  linkPolicy: () => api.get<LinkPolicy>('/api/link-policy'),
  create: (body: NewPost) => api.post<{ post: PublicPost }>('/api/posts', body),
};
