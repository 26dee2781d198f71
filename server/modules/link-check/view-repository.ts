import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

/** The reads of the watcher's state: the admin page, the owner's dashboard, the person's data. */
export function linkCheckViewRepository(db: DB) {
  const withList = () =>
    db
      .selectFrom('link_checks as c')
      .innerJoin('lists as l', 'l.id', 'c.list_id')
      .leftJoin('handles as h', 'h.user_id', 'c.user_id')
      .select([
        'c.list_id as listId',
        'c.post_id as postId',
        'l.name as listName',
        'l.audience',
        'l.slug',
        'h.handle',
        'c.url',
        'c.health',
        'c.provider',
        'c.broken',
        'c.file_name as fileName',
        'c.file_type as fileType',
        'c.file_changed_at as fileChangedAt',
        'c.problem_since as problemSince',
        'c.last_error as lastError',
        'c.checked_at as checkedAt',
        'c.next_check_at as nextCheckAt',
      ]);

  return {
    /** How many lists are in each health, how many are due and late. */
    async counts(now: number) {
      const byHealth = await db
        .selectFrom('link_checks')
        .select(['health', sql<number>`count(*)::int`.as('count'), sql<number>`count(*) filter (where broken)::int`.as('broken')])
        .groupBy('health')
        .execute();
      const due = await db
        .selectFrom('link_checks')
        .select([
          sql<number>`count(*) filter (where next_check_at <= ${now}::bigint)::int`.as('due'),
          sql<number>`count(*) filter (where next_check_at <= ${now - 10 * 60_000}::bigint)::int`.as('late'),
        ])
        .executeTakeFirstOrThrow();
      return { byHealth, due: due.due, late: due.late };
    },

    /** The lists whose last check failed, latest first (the admin page's recent failures). */
    async troubled(limit: number) {
      return withList()
        .where('c.health', 'not in', ['ok', 'unchecked', 'pending'])
        .orderBy('c.checked_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Lists by health: the broken first, then by when they are due. */
    async page(limit: number, health: string | null) {
      let query = withList().orderBy('c.broken', 'desc').orderBy('c.next_check_at').limit(limit);
      if (health) query = query.where('c.health', '=', health);
      return query.execute();
    },

    /** The owner's lists whose links are broken (the dashboard banner). */
    async brokenOf(userId: string) {
      return withList().where('c.user_id', '=', userId).where('c.broken', '=', true).orderBy('l.name').execute();
    },

    /** What the watcher knows of a list, for its page. */
    async ofList(listId: number) {
      return withList().where('c.list_id', '=', listId).executeTakeFirst();
    },
  };
}
