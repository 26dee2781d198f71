import { sql } from 'kysely';
import { CHANGES_CHANNEL } from '../../db/change-notices';
import type { DB } from '../../server/plugins/db';

const DEADLOCK = '40P01';
const TRUNCATE_ATTEMPTS = 5;

/** Kysely's own bookkeeping: the schema stays migrated. */
const KEPT = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * Empties a lane server's database for the next journey file, as a freshly migrated one is: every
 * row the files before it wrote goes (accounts, handles, lists, sessions, mail). TRUNCATE fires no
 * row triggers, so it tells the server itself that every table changed: the server drops whatever
 * it cached, as when another process rewrites a table (ADR 0118). Identities are not restarted: a
 * job queued by an earlier file finds no row of this one under an old id.
 */
export async function emptyLaneDatabase(db: DB): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const tables = rows.map((row) => row.name).filter((name) => !KEPT.has(name));
  const truncate = sql`truncate ${sql.join(tables.map((name) => sql.table(name)))} cascade`;
  // The server's own work (the mail worker, a session's last-seen time) may hold one of these tables
  // while TRUNCATE waits for another: PostgreSQL ends one side of such a deadlock, and it can be us.
  for (let attempt = 1; ; attempt++) {
    try {
      await truncate.execute(db);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== DEADLOCK || attempt === TRUNCATE_ATTEMPTS) throw error;
    }
  }
  for (const name of tables) await sql`select pg_notify(${CHANGES_CHANNEL}, ${`${name} *`})`.execute(db);
}
