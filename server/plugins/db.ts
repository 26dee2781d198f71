import fp from 'fastify-plugin';
import { CompiledQuery, type Expression, Kysely, Migrator, PostgresDialect, type SqlBool, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../../db/migrations/index';
import type { Database } from '../../db/schema';
import { listenForChanges } from './change-listener';
import { lockDataDir } from './data-dir-lock';
import { CHANGES_CHANNEL, Changes, KEEPS_READS_MARK, keepsCachedReads } from './db-changes';
import { SCRIPT_MARK } from './pglite-dialect';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The change notices this process hears, and its own writes it waits to hear (docs/decisions/0118). */
  changes: Changes;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** How long opening waits for the change notifications to listen; until then nothing is cached. */
const LISTEN_WAIT_MS = 2_000;

const INT8_OID = 20;

/**
 * A table read in order with a limit starts at its first row: PostgreSQL otherwise starts a large
 * table's read where the last one stopped, and the directory's first 1,000 matches of a common word
 * would change on every request (docs/decisions/0200).
 */
const SCANS_FROM_THE_START = 'set synchronize_seqscans = off';

const PREPARED_MARK = '/* prepared */';
/**
 * Ends a hot query (`.modifyEnd(prepared)`, or inside a `sql` template) that PostgreSQL should
 * parse once per connection and may plan once (docs/decisions/0064). Only for queries whose text
 * takes a bounded number of shapes (no lists of values) and that name their columns (no `*`).
 */
export const prepared = sql.raw(PREPARED_MARK);

/**
 * Keyset pagination's condition, for every newest-first list: rows strictly after the cursor's
 * `(time, key)`, ties broken by the key; true for the first page (no cursor). One row comparison, so
 * an index ending in (time, key) starts right at the cursor.
 */
export function olderThan(
  columns: readonly [time: string, key: string],
  cursor: readonly [time: number, key: number | string] | null,
): Expression<SqlBool> {
  if (!cursor) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(columns[0])}, ${sql.ref(columns[1])}) < (${cursor[0]}, ${cursor[1]})`;
}

/**
 * Sends the marked queries as named statements: pg parses each once per connection, and
 * PostgreSQL keeps a custom plan per call or settles on a generic one when that is no worse.
 */
function prepareMarkedQueries(pool: pg.Pool): void {
  const names = new Map<string, string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (text: unknown, values?: unknown) => unknown;
    const prepareMarked = (text: unknown, values?: unknown) => {
      if (typeof text !== 'string' || !text.endsWith(PREPARED_MARK)) return query(text, values);
      let name = names.get(text);
      if (name === undefined) {
        name = `freshlist_${names.size}`;
        names.set(text, name);
      }
      return query({ name, text, values });
    };
    (client as unknown as { query: typeof prepareMarked }).query = prepareMarked;
  });
}

/** A notice on the changes channel (a process's sync mark), which no read waits for. */
const sendNotice = (db: Kysely<Database>, payload: string) =>
  sql`select pg_notify(${CHANGES_CHANNEL}, ${payload}) ${keepsCachedReads}`.execute(db);

/** The tables with change notices (db/change-notices.ts): writes to any other table are not waited for. */
async function noticedTables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select distinct event_object_table as "table" from information_schema.triggers
    where trigger_name like '%\_notice\_update'`.execute(db);
  return rows.map((row) => row.table);
}

/** The only place a Kysely instance is made. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Listen for other processes' changes (PostgreSQL); one-off scripts that cache nothing say false. */
  listen?: boolean;
  /** PGlite in memory: start from this data-folder dump (dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Epoch milliseconds fit a JS number; without this bigint columns come back as strings.
      types: {
        getTypeParser: (oid, format) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)),
      } as pg.CustomTypesConfig,
    });
    prepareMarkedQueries(pool);
    let closing = false;
    // An idle connection that the server drops (restart, failover, admin terminate) must not crash
    // the process: pg-pool re-emits that error on the pool, and an unlistened 'error' event throws.
    // The pool discards the broken connection itself and opens a new one on the next query.
    pool.on('error', (error) => {
      if (!closing) process.stderr.write(`database: idle connection lost: ${error.message}\n`);
    });
    // Other processes write to the same database: until this one hears their changes it caches nothing.
    const changes = new Changes(false);
    const listener =
      options.listen === false
        ? null
        : listenForChanges(options.databaseUrl, changes, (message) => process.stderr.write(`${message}\n`));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool,
        // Just-in-time compilation pays off for long analytic queries; for the app's short indexed
        // queries it only adds 50-150 ms whenever an estimate crosses jit_above_cost (issue 9).
        onCreateConnection: async (connection) => {
          await connection.executeQuery(CompiledQuery.raw('set jit = off'));
          await connection.executeQuery(CompiledQuery.raw(SCANS_FROM_THE_START));
        },
      }),
      log: (event) => changes.sawStatement(event.query),
    });
    changes.connect((payload) => sendNotice(db, payload));
    if (listener) await Promise.race([listener.ready, new Promise((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref())]);
    return {
      db,
      kind: 'postgres',
      changes,
      close: async () => {
        closing = true;
        await listener?.close();
        await db.destroy();
      },
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  try {
    // Loaded only here: the embedded database's WebAssembly build takes ~50 MB a PostgreSQL server never needs.
    const [{ PGlite }, { PGliteDialect }, { createDurablePGlite }, { PGLITE_EXTENSIONS }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('./pglite-dialect'),
      import('./pglite-storage'),
      import('./pglite-extensions'),
    ]);
    const parsers = { [INT8_OID]: (value: string) => Number(value) };
    const client = inMemory
      ? await PGlite.create({
          parsers,
          extensions: PGLITE_EXTENSIONS,
          ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        })
      : await createDurablePGlite(options.dataDir, { parsers });
    await client.exec(SCANS_FROM_THE_START);
    // One process holds the folder (the lock above): PGlite hands it every notice, in process.
    const changes = new Changes(true);
    await client.listen(CHANGES_CHANNEL, (payload) => changes.heard(payload));
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(client),
      log: (event) => changes.sawStatement(event.query),
    });
    changes.connect((payload) => sendNotice(db, payload));
    return {
      db,
      kind: 'pglite',
      changes,
      dumpDataDir: async () => {
        await sql`checkpoint`.execute(db);
        return await client.dumpDataDir('none');
      },
      close: async () => {
        try {
          if (!client.closed) await sql`checkpoint`.execute(db);
          await db.destroy();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Runs every pending migration and returns the names it applied (none when another process got
 * there first): Kysely holds an advisory lock so two starting processes do not race.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/**
 * The job queue's way to the database (pg-boss's `db` option, ADR 0203): its statements run on the
 * app's own connections, or inside a caller's transaction so a job is queued with what caused it.
 * They touch only the queue's tables, so no cached read is dropped for them.
 */
export function jobQueueSql(executor: Kysely<Database> | Transaction<Database>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const { rows } = await executor.executeQuery(CompiledQuery.raw(`${text} ${KEEPS_READS_MARK}`, values));
        return { rows };
      }
      const script = CompiledQuery.raw(`${SCRIPT_MARK}${text} ${KEEPS_READS_MARK}`);
      if (executor.isTransaction) return { rows: (await executor.executeQuery(script)).rows };
      // A script (the queue's schema) opens its own transaction: one that fails is rolled back on
      // its connection, so no pooled connection is left inside a failed transaction.
      return executor.connection().execute(async (connection) => {
        try {
          return { rows: (await connection.executeQuery(script)).rows };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
          throw error;
        }
      });
    },
  };
}

export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    dbKind: 'pglite' | 'postgres';
  }
}

/** Decorates the app with an open, migrated database and closes it last on shutdown. */
export const dbPlugin = fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    database.changes.noticeTables(await noticedTables(database.db));
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
