import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

/**
 * The spec's three upload queries (section 7) as the index check asks the planner about them. Fixed
 * text with a sample value: nothing a person types reaches it.
 */
export const INDEX_CHECK_SQL = {
  handle: "select id, url, description, created_at from posts where handle = 'sample-handle' order by created_at desc limit 5",
  uid: "select id, url, description, created_at from posts where user_id = '00000000-0000-0000-0000-000000000000' order by created_at desc limit 5",
  likes: 'select id, url, description, created_at from posts order by likes desc, created_at desc limit 5',
} as const;
export type IndexCheckQuery = keyof typeof INDEX_CHECK_SQL;

/** All SQL of the index check (/admin/test-firestore-indexes): the catalog and the planner, never the data. */
export function indexCheckRepository(db: DB) {
  return {
    async postsHasColumn(column: string): Promise<boolean> {
      const row = await db
        .selectFrom('information_schema.columns' as never)
        .select(sql<number>`1`.as('one'))
        .where(sql<boolean>`table_schema = current_schema() and table_name = 'posts' and column_name = ${column}`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The planner's JSON plan for a query, asked with table scans, bitmap scans and explicit sorts
     * priced out of reach. On a small table PostgreSQL rightly prefers those, which says nothing
     * about whether an index could serve the query at scale; with them disabled it picks an ordered
     * index scan whenever one exists, and a plan that still scans or sorts has no index that fits.
     */
    async planPreferringIndexes(query: IndexCheckQuery): Promise<unknown> {
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        const result = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(INDEX_CHECK_SQL[query])}`.execute(
          trx,
        );
        const plan = result.rows[0]?.['QUERY PLAN'];
        return typeof plan === 'string' ? JSON.parse(plan) : plan;
      });
    },
  };
}
