import { sql } from 'kysely';
import { readableContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';
import { cadenceOf } from './bell-filters';

/**
 * A mail's posts with their list, as `readerId` may read them: a trade-only list's contents only
 * with access (docs/decisions/0180); null reads what anyone may.
 */
function mailPostsOf(db: DB, readerId: string | null) {
  return db
    .selectFrom('posts as p')
    .innerJoin('lists as l', 'l.id', 'p.list_id')
    .leftJoin(readableContents(readerId), 'tc.post_id', 'p.id')
    .select((eb) => [
      'p.id',
      eb.fn.coalesce('tc.url', 'p.url').as('url'),
      eb.fn.coalesce('tc.description', 'p.description').as('description'),
      'p.created_at as createdAt',
      'l.name as listName',
      sql<boolean>`(l.audience = 'trade' and tc.post_id is null)`.as('locked'),
      // What a list mail shows besides the text (issue 31): the list's address, validity and versions.
      'l.slug as listSlug',
      eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('validFrom'),
      eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('validUntil'),
      eb
        .selectFrom('posts as v')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('v.list_id', '=', 'p.list_id')
        .as('versions'),
    ]);
}

/** A row as the templates take it: numbers as numbers. */
const mailPost = <R extends { id: number | string; createdAt: number | string; versions: number | string | null }>(row: R) => ({
  ...row,
  id: Number(row.id),
  createdAt: Number(row.createdAt),
  versions: Number(row.versions ?? 1),
});

/** The reads that fill a mail when it is delivered: the recipient, new posts, form responses. */
export function emailContentRepository(db: DB) {
  const mailPosts = (readerId: string | null) => mailPostsOf(db, readerId);
  return {
    /** Who holds a handle now, read here rather than asked of the handles module (which queues mail). */
    async holder(handle: string): Promise<{ handle: string; userId: string; displayName: string } | undefined> {
      return db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select(['h.handle', 'h.user_id as userId', 'u.display_name as displayName'])
        .where('h.handle', '=', handle)
        .executeTakeFirst();
    },

    /** Does the reader still hear of the handle's holder instantly (their bell, else their default; docs/decisions/0214)? */
    async hearsInstantly(readerId: string, handle: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows as f')
        .innerJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
        .innerJoin('users as fu', 'fu.id', 'f.follower_id')
        .leftJoin('email_preferences as ep', 'ep.email', 'fu.email')
        .select(sql<string>`${cadenceOf('f', 'ep')}`.as('cadence'))
        .where('f.follower_id', '=', readerId)
        .where('f.handle', '=', handle)
        .executeTakeFirst();
      return row?.cadence === 'instant';
    },

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

    /** A holder's logo's version (its address), for the mails' business header. */
    async logoOf(userId: string) {
      return db.selectFrom('profile_logos').select('version').where('user_id', '=', userId).executeTakeFirst();
    },

    /** The handle's posts by this holder in (after, upTo], oldest first. */
    async handlePosts(
      handle: string,
      holderId: string,
      after: number,
      upTo: number,
      limit: number,
      readerId: string | null = null,
    ) {
      const posts = await mailPosts(readerId)
        .where('p.handle', '=', handle)
        .where('p.user_id', '=', holderId)
        .where('p.created_at', '>', after)
        .where('p.created_at', '<=', upTo)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(limit)
        .execute();
      return posts.map(mailPost);
    },

    /** These posts of the handle by this holder (those still there), oldest first: an instant mail's batch. */
    async postsByIds(handle: string, holderId: string, ids: number[], limit: number, readerId: string | null = null) {
      if (ids.length === 0) return [];
      const posts = await mailPosts(readerId)
        .where('p.handle', '=', handle)
        .where('p.user_id', '=', holderId)
        .where('p.id', 'in', ids)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(limit)
        .execute();
      return posts.map(mailPost);
    },

    /** New posts in [from, to) of every handle the reader follows (and its holder still holds) whose bell wants them in a `period` digest. */
    async digestPosts(readerId: string, from: number, to: number, period: 'daily' | 'weekly') {
      const rows = await mailPosts(readerId)
        .innerJoin('follows as f', (j) => j.onRef('f.handle', '=', 'p.handle').onRef('f.followed_user_id', '=', 'p.user_id'))
        .innerJoin('users as fu', 'fu.id', 'f.follower_id')
        .leftJoin('email_preferences as ep', 'ep.email', 'fu.email')
        .where(sql<boolean>`${cadenceOf('f', 'ep')} = ${period}`)
        .innerJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .leftJoin('profile_logos as pl', 'pl.user_id', 'h.user_id')
        .select(['f.handle', 'u.display_name as displayName', 'pl.version as logoVersion'])
        .where('f.follower_id', '=', readerId)
        .where('p.created_at', '>=', from)
        .where('p.created_at', '<', to)
        .orderBy('f.handle')
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(500)
        .execute();
      return rows.map(mailPost);
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

    /** A form's newest responses in (after, upTo] with their answers, and its questions in order. */
    async latestResponses(formId: string, after: number, upTo: number, limit: number) {
      const [form, rows] = await Promise.all([
        db.selectFrom('chat_forms').select('questions').where('id', '=', formId).executeTakeFirst(),
        db
          .selectFrom('chat_form_submissions')
          .select(['answers', 'submitted_at as submittedAt'])
          .where('form_id', '=', formId)
          .where('submitted_at', '>', after)
          .where('submitted_at', '<=', upTo)
          .orderBy('submitted_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { questions: form?.questions ?? [], rows: rows.map((r) => ({ ...r, submittedAt: Number(r.submittedAt) })) };
    },
  };
}
