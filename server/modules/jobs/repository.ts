import { sql } from 'kysely';
import type { FailedJob } from '../../../core/jobs';
import type { DB } from '../../plugins/db';
import { JOB_SCHEMA } from '../../plugins/jobs';

/** Failed jobs shown at most (newest first). */
const FAILED_SHOWN = 100;

const table = sql.table(`${JOB_SCHEMA}.job`);

/** The job queue's own table, read for the admin view (pg-boss has no listing of failed jobs). */
export function jobsRepository(db: DB) {
  return {
    async failed(): Promise<FailedJob[]> {
      const { rows } = await sql<{
        id: string;
        name: string;
        data: unknown;
        output: { message?: string } | null;
        retryCount: number;
        completedOn: Date;
      }>`select id::text as "id", name, data, output, retry_count as "retryCount", completed_on as "completedOn"
         from ${table} where state = 'failed' order by completed_on desc limit ${FAILED_SHOWN}`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        data: JSON.stringify(row.data),
        error: row.output?.message ?? 'No message',
        attempts: row.retryCount + 1,
        failedAt: new Date(row.completedOn).getTime(),
      }));
    },

    async queued(): Promise<{ name: string; jobs: number }[]> {
      const { rows } = await sql<{ name: string; jobs: number }>`
        select name, count(*)::int as "jobs" from ${table}
        where state in ('created', 'retry', 'active') group by name order by name`.execute(db);
      return rows;
    },

    async isFailed(name: string, id: string): Promise<boolean> {
      const { rows } = await sql`select 1 from ${table} where name = ${name} and id = ${id}::uuid and state = 'failed'`.execute(
        db,
      );
      return rows.length > 0;
    },
  };
}
