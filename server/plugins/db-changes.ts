import { randomUUID } from 'node:crypto';
import { AliasNode, type CompiledQuery, type OperationNode, sql, TableNode } from 'kysely';
import { CHANGES_CHANNEL } from '../../db/change-notices';

export { CHANGES_CHANNEL };

/**
 * A change notice as heard (db/change-notices.ts): the table written and the tags its changed rows
 * name (`handle:farm`, `user:<id>`, `follower:<id>`); `all` when the rows were too many to name.
 */
export interface ChangeNotice {
  table: string;
  tags: string[];
  all: boolean;
}

export const KEEPS_READS_MARK = '/* keeps cached reads */';
/**
 * Ends a statement no cached read waits for: a session's last-seen times (the trigger notifies
 * nobody for them) and this process's own sync marks.
 */
export const keepsCachedReads = sql.raw(KEEPS_READS_MARK);

/** How long a read waits to hear this process's own writes before it stops trusting the cache. */
const CATCH_UP_TIMEOUT_MS = 2_000;
const SYNC = 'sync';

/**
 * What this process hears of the changes to data that cached reads show (docs/decisions/0118).
 * Notices arrive from the database (PostgreSQL's LISTEN, or PGlite's in-process listener) for
 * every committed change, made here or anywhere else. A read that follows a write of this process
 * first waits until this process has heard that write's notices (`caughtUp`), so it never sees
 * data from before it. `live` is false while notices could be missed (the listening connection is
 * down); nothing may be cached then.
 */
export class Changes {
  readonly #listeners = new Set<(notice: ChangeNotice) => void>();
  readonly #token = randomUUID();
  #live: boolean;
  /** Writes of this process that may have changed cached reads, and how many of them were heard back. */
  #written = 0;
  #heard = 0;
  #syncs = 0;
  readonly #waiting = new Map<string, () => void>();
  #catchingUp: { upTo: number; done: Promise<void> } | null = null;
  #send: ((payload: string) => Promise<unknown>) | null = null;
  /** Tables with change notices; null until known, when every write counts. */
  #noticed: ReadonlySet<string> | null = null;

  constructor(live: boolean) {
    this.#live = live;
  }

  get live(): boolean {
    return this.#live;
  }

  /** Whether this process has writes whose notices it has not heard yet (see caughtUp). */
  get behind(): boolean {
    return this.#heard < this.#written;
  }

  /** Calls `listener` for every notice heard, and once with `all` when notices may have been missed. */
  onNotice(listener: (notice: ChangeNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** How to send this process a notice of its own (a sync mark), through the database. */
  connect(send: (payload: string) => Promise<unknown>): void {
    this.#send = send;
  }

  /** The tables whose changes are noticed; writes to others are not waited for. */
  noticeTables(tables: Iterable<string>): void {
    this.#noticed = new Set(tables);
  }

  /** A payload from the database's channel. */
  heard(payload: string): void {
    const space = payload.indexOf(' ');
    const table = space < 0 ? payload : payload.slice(0, space);
    const rest = space < 0 ? '' : payload.slice(space + 1);
    if (table === SYNC) {
      this.#waiting.get(rest)?.();
      return;
    }
    this.#tell({ table, tags: rest === '*' ? [] : rest.split(' ').filter(Boolean), all: rest === '*' });
  }

  setLive(live: boolean): void {
    this.#live = live;
    // Notices may have been missed: forget everything; anyone waiting stops waiting.
    this.#tell({ table: '*', tags: [], all: true });
    for (const resolve of this.#waiting.values()) resolve();
  }

  /** Counts a statement of this process that may have changed what cached reads show (Kysely's log). */
  sawStatement(compiled: CompiledQuery): void {
    if (mayChangeCachedReads(compiled, this.#noticed)) this.#written++;
  }

  /** Resolves once every notice of this process's writes so far has been heard (at once when there were none). */
  caughtUp(): Promise<void> {
    if (this.#heard >= this.#written || !this.#live || !this.#send) return Promise.resolve();
    if (this.#catchingUp && this.#catchingUp.upTo >= this.#written) return this.#catchingUp.done;
    const upTo = this.#written;
    const done = this.#sync().then(() => {
      this.#heard = Math.max(this.#heard, upTo);
      if (this.#catchingUp?.upTo === upTo) this.#catchingUp = null;
    });
    this.#catchingUp = { upTo, done };
    return done;
  }

  /**
   * Sends a mark through the database and waits to hear it: notices are delivered in commit order,
   * so every write committed before it has been heard by then. Without an answer in time, nothing
   * cached can be trusted: everything is forgotten.
   */
  async #sync(): Promise<void> {
    const mark = `${this.#token}:${++this.#syncs}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.#waiting.set(mark, () => resolve(true));
      timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
    });
    try {
      await this.#send!(`${SYNC} ${mark}`);
      if (!(await heard)) this.#tell({ table: '*', tags: [], all: true });
    } catch {
      this.#tell({ table: '*', tags: [], all: true });
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(mark);
    }
  }

  #tell(notice: ChangeNotice): void {
    for (const listener of this.#listeners) listener(notice);
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
 * Whether a statement may have changed what a cached read returns, so that a read after it must
 * first hear its notices. Errs towards yes: raw SQL counts unless it plainly only reads, and
 * `commit` counts (a transaction's notices are sent when it commits). A write to a table with no
 * change notices (`noticed`, when known) does not count: there is nothing to hear.
 */
export function mayChangeCachedReads(compiled: CompiledQuery, noticed: ReadonlySet<string> | null = null): boolean {
  if (compiled.sql.endsWith(KEEPS_READS_MARK)) return false;
  const node = compiled.query;
  if (node.kind === 'SelectQueryNode') {
    const ctes = (node as unknown as { with?: { expressions: Array<{ expression: OperationNode }> } }).with;
    return ctes?.expressions.some((cte) => cte.expression.kind !== 'SelectQueryNode') ?? false;
  }
  if (node.kind === 'RawNode') return !(PLAIN_READ.test(compiled.sql) && !WRITE_WORD.test(compiled.sql));
  const tables = writtenTables(node);
  if (tables === undefined) return true;
  return tables.some((table) => table === undefined || noticed === null || noticed.has(table));
}
