import { AliasNode, type CompiledQuery, type DatabaseConnection, type Dialect, type OperationNode, sql, TableNode } from 'kysely';
import pg from 'pg';

/**
 * The channel the database's triggers (migration 0800) notify on every committed change to the
 * data that cached reads show, so that every server process on one PostgreSQL forgets them.
 */
export const CHANGES_CHANNEL = 'freshlist_changes';

/**
 * Tables whose rows no cached read shows (docs/decisions/0065): writing them keeps the cache. The
 * same list is in migration 0800's triggers; a table missing here only costs cache hits.
 */
export const UNCACHED_TABLES: ReadonlySet<string> = new Set(['analytics_events', 'admin_audit_log', 'chat_form_submissions']);

const KEEPS_READS_MARK = '/* keeps cached reads */';
/**
 * Ends a write that cannot change what a cached read returns (a session's last-seen time moving
 * forward), so it does not empty the cache. The trigger on sessions makes the same exception.
 */
export const keepsCachedReads = sql.raw(KEEPS_READS_MARK);

/**
 * A counter of changes to the data behind cached reads. It moves after each write statement and
 * each commit in this process, and on each notification from the database; a cached read is
 * valid only while it stands still. `live` is false while this process could miss another
 * process's change (the notification connection is down), and then nothing may be cached.
 */
export class ChangeClock {
  #generation = 0;
  #live: boolean;
  readonly #onChange = new Set<() => void>();

  constructor(live: boolean) {
    this.#live = live;
  }

  get generation(): number {
    return this.#generation;
  }

  get live(): boolean {
    return this.#live;
  }

  tick(): void {
    this.#generation++;
    for (const listener of this.#onChange) listener();
  }

  setLive(live: boolean): void {
    this.#live = live;
    this.tick();
  }

  onChange(listener: () => void): () => void {
    this.#onChange.add(listener);
    return () => this.#onChange.delete(listener);
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  if (TableNode.is(node)) return node.table.identifier.name;
  return undefined;
}

/** The tables an insert, update, delete or merge writes; undefined when the query is another kind. */
function writtenTables(node: OperationNode): Array<string | undefined> | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName((node as unknown as { into?: OperationNode }).into)];
    case 'UpdateQueryNode':
      return [tableName((node as unknown as { table?: OperationNode }).table)];
    case 'DeleteQueryNode':
      return (node as unknown as { from: { froms: OperationNode[] } }).from.froms.map(tableName);
    case 'MergeQueryNode':
      return [tableName((node as unknown as { into: OperationNode }).into)];
    default:
      return undefined;
  }
}

const PLAIN_READ = /^\s*(select|with|explain|show)\b/i;
const WRITE_WORD = /\b(insert|update|delete|merge|truncate|copy|call|do|nextval|setval|pg_notify)\b/i;

/**
 * Whether a statement may have changed what a cached read returns. Errs towards yes: raw SQL
 * counts unless it plainly only reads, and `commit` and `rollback` count (a write inside a
 * transaction becomes visible to other connections only at its commit).
 */
export function mayChangeCachedReads(compiled: CompiledQuery): boolean {
  const node = compiled.query;
  if (node.kind === 'SelectQueryNode') {
    const ctes = (node as unknown as { with?: { expressions: Array<{ expression: OperationNode }> } }).with;
    return ctes?.expressions.some((cte) => cte.expression.kind !== 'SelectQueryNode') ?? false;
  }
  if (node.kind === 'RawNode') return !(PLAIN_READ.test(compiled.sql) && !WRITE_WORD.test(compiled.sql));
  const tables = writtenTables(node);
  if (tables === undefined) return true;
  if (compiled.sql.endsWith(KEEPS_READS_MARK)) return false;
  return tables.some((table) => table === undefined || !UNCACHED_TABLES.has(table));
}

/**
 * The dialect with every connection's statements watched: after one that may change cached
 * reads completes (see mayChangeCachedReads), the clock ticks. Patches each connection in place,
 * because drivers recognise their connections by identity when they take them back.
 */
export function watchWrites(dialect: Dialect, clock: ChangeClock): Dialect {
  const watched = new WeakSet<DatabaseConnection>();
  const watch = (connection: DatabaseConnection) => {
    if (watched.has(connection)) return connection;
    watched.add(connection);
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async (compiled) => {
      try {
        return await execute(compiled);
      } finally {
        // A failed statement may still have changed something (a commit that fails after writing).
        if (mayChangeCachedReads(compiled)) clock.tick();
      }
    };
    return connection;
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => watch(await acquire());
      return driver;
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * Keeps one connection listening on CHANGES_CHANNEL and ticks the clock on each notification.
 * The clock is live only while the connection listens; when it drops, the clock goes dead (the
 * cache is bypassed) until a new connection listens again.
 */
export function listenForChanges(
  connectionString: string,
  clock: ChangeClock,
  log: (message: string) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const lost = (client: pg.Client, error?: Error) => {
    if (client !== current) return;
    current = null;
    client.end().catch(() => {});
    if (clock.live) clock.setLive(false);
    if (closed) return;
    log(`database: change notifications lost${error ? `: ${error.message}` : ''}; reconnecting`);
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect() {
    const client = new pg.Client({ connectionString });
    current = client;
    client.on('notification', () => clock.tick());
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed || client !== current) return;
    delay = RECONNECT_FIRST_MS;
    clock.setLive(true);
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (clock.live) clock.setLive(false);
      markReady();
      await client?.end().catch(() => {});
    },
  };
}
