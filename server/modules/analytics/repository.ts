import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface EventRow {
  name: string;
  path: string | null;
  payload: Record<string, unknown>;
  createdAt: number;
}

/** All SQL of first-party analytics: the analytics_events table. */
export function analyticsRepository(db: DB) {
  return {
    async insertEvents(rows: EventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('analytics_events')
        .values(
          rows.map((row) => ({
            name: row.name,
            path: row.path,
            user_id: null,
            payload: JSON.stringify(row.payload),
            created_at: row.createdAt,
          })),
        )
        .execute();
    },

    /** Counts per event name and UTC day since a time, served by the created_at index. */
    async countsByDay(since: number): Promise<Array<{ dayNumber: number; name: string; count: number }>> {
      // A literal, not a parameter: the GROUP BY must repeat the select expression exactly.
      const dayNumber = sql<number>`floor(created_at / ${sql.lit(DAY_MS)})::int`;
      const rows = await db
        .selectFrom('analytics_events')
        .select([dayNumber.as('dayNumber'), 'name', sql<number>`count(*)::int`.as('count')])
        .where('created_at', '>=', since)
        .groupBy([dayNumber, 'name'])
        .orderBy(dayNumber, 'desc')
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ dayNumber: Number(r.dayNumber), name: r.name, count: Number(r.count) }));
    },
  };
}
