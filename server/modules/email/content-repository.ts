import type { DB } from '../../plugins/db';

/** The reads that fill a mail when it is delivered: the recipient, new posts, form responses. */
export function emailContentRepository(db: DB) {
  return {
    async userAddress(userId: string): Promise<{ email: string; displayName: string } | undefined> {
      return db.selectFrom('users').select(['email', 'display_name as displayName']).where('id', '=', userId).executeTakeFirst();
    },

    /** The recipients of a batch, by id: one statement for the whole batch. */
    async userAddresses(userIds: string[]): Promise<Map<string, { email: string; displayName: string }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'display_name as displayName'])
        .where('id', 'in', userIds)
        .execute();
      return new Map(rows.map((r) => [r.id, { email: r.email, displayName: r.displayName }]));
    },

    /** The handle's posts by this holder in (after, upTo], oldest first. */
    async handlePosts(handle: string, holderId: string, after: number, upTo: number, limit: number) {
      const posts = await db
        .selectFrom('posts')
        .select(['id', 'url', 'description', 'created_at as createdAt'])
        .where('handle', '=', handle)
        .where('user_id', '=', holderId)
        .where('created_at', '>', after)
        .where('created_at', '<=', upTo)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return posts.map((p) => ({ ...p, id: Number(p.id) }));
    },

    /** New posts in [from, to) of every handle the reader follows (and its holder still holds). */
    async digestPosts(readerId: string, from: number, to: number) {
      const rows = await db
        .selectFrom('follows as f')
        .innerJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .innerJoin('posts as p', (j) => j.onRef('p.handle', '=', 'f.handle').onRef('p.user_id', '=', 'f.followed_user_id'))
        .select(['f.handle', 'u.display_name as displayName', 'p.id', 'p.url', 'p.description', 'p.created_at as createdAt'])
        .where('f.follower_id', '=', readerId)
        .where('p.created_at', '>=', from)
        .where('p.created_at', '<', to)
        .orderBy('f.handle')
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(500)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** The owner's forms with responses in (after, upTo] (one form when formId is given). */
    async formResponses(args: { ownerId: string; formId?: string; after: number; upTo: number }) {
      let query = db
        .selectFrom('chat_forms as c')
        .innerJoin('chat_form_submissions as s', 's.form_id', 'c.id')
        .select(['c.id as formId', 'c.title', (eb) => eb.fn.countAll<string>().as('count')])
        .where('c.owner_id', '=', args.ownerId)
        .where('s.submitted_at', '>', args.after)
        .where('s.submitted_at', '<=', args.upTo)
        .groupBy(['c.id', 'c.title'])
        .orderBy('c.title');
      if (args.formId) query = query.where('c.id', '=', args.formId);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}
