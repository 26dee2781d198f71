import { decodeCursor } from '../core/feed';
import { feedService } from '../server/modules/feed/service';
import type { DB } from '../server/plugins/db';
import type { FeedRow } from './earlier-feed';

export interface OursPage {
  rows: FeedRow[];
  next: string | null;
}

/** The feed service the app uses, called as the API calls it: a page after an opaque cursor. */
export interface OursFeed {
  page(userId: string, cursor: string | null): Promise<OursPage>;
}

export function oursFeed(db: DB): OursFeed {
  const feed = feedService(db);
  return {
    async page(userId, cursor) {
      const page = await feed.page(userId, cursor === null ? null : decodeCursor(cursor));
      return {
        rows: page.posts.map((p) => ({
          id: p.id,
          handle: p.handle,
          url: p.url,
          description: p.description,
          created_at: p.createdAt,
        })),
        next: page.nextCursor,
      };
    },
  };
}
