import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type ChildServer, startChildServer } from '../fixtures/child-server';
import { freshTestDatabase } from '../fixtures/postgres-template';

/**
 * The real server (server/main.ts) as a child process we can kill, restart on the same data, and
 * run twice against one PostgreSQL (tests/fixtures/child-server.ts starts it); this file gives the
 * reliability suites their storage and control over the process's life.
 */
export type ServerProcess = ChildServer;

/**
 * A new data folder holding a copy of the run's migrated, empty PGlite database
 * (tests/fixtures/migrated-folder.ts): a server starts on it without initdb and the migrations.
 * `empty`: a folder with nothing in it, where the server's first start makes the database.
 */
export function tempDataDir(options: { empty?: boolean } = {}): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'freshlist-reliability-'));
  const template = options.empty ? undefined : inject('migratedPgliteFolder');
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Where the server keeps its data: a PGlite folder or a PostgreSQL database. */
export type Storage = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

export interface StartOptions {
  storage: Storage;
  port?: number;
  env?: Record<string, string>;
  /** Wait until /readyz answers (default true). */
  waitReady?: boolean;
}

const READY_TIMEOUT_MS = 240_000;

/** The Node flags `npm start` runs the server with (its heap settings): the suites measure that server. */
const START_NODE_ARGS: readonly string[] = (() => {
  const start: string = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => /^--[a-z-]+=\S+$/.test(word));
})();

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const storageEnv: Record<string, string> =
    options.storage.kind === 'pglite' ? { DATA_DIR: options.storage.dataDir } : { DATABASE_URL: options.storage.databaseUrl };
  return startChildServer({
    ...(options.port === undefined ? {} : { port: options.port }),
    nodeArgs: START_NODE_ARGS,
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'test', ...storageEnv, ...options.env },
    unset: options.storage.kind === 'pglite' ? ['DATABASE_URL'] : [],
    waitReady: options.waitReady !== false,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
}

/**
 * A new PostgreSQL database for one suite (TEST_DATABASE_URL names the server); drop() removes it.
 * It is a copy of the run's migrated template (tests/fixtures/postgres-template.ts), as tempDataDir's
 * folder is of the migrated PGlite one; `empty`: a database with nothing in it, where the first
 * server or install makes the tables.
 */
export async function freshPostgresDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  return freshTestDatabase(inject('migratedPostgresTemplate'), 'freshlist_rel', options);
}

/** Storage kinds this run can use: PGlite always, PostgreSQL with TEST_DATABASE_URL. */
export const storageKinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh store for this describe block: a temporary PGlite folder, or a new PostgreSQL database,
 * removed after the block. Read it inside tests (it exists once beforeAll has run).
 */
export function useFreshStorage(kind: 'pglite' | 'postgres'): () => Storage {
  let storage: Storage | undefined;
  let cleanup: () => Promise<void> | void = () => {};
  beforeAll(async () => {
    if (kind === 'pglite') {
      const dataDir = tempDataDir();
      storage = { kind, dataDir };
      cleanup = () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const database = await freshPostgresDatabase();
      storage = { kind, databaseUrl: database.url };
      cleanup = database.drop;
    }
  });
  afterAll(() => cleanup());
  return () => {
    if (!storage) throw new Error('useFreshStorage: read the storage inside a test');
    return storage;
  };
}

/** How this process opens the store a server child runs on (to read back what it wrote). */
export function databaseOptions(storage: Storage): { dataDir: string; databaseUrl?: string } {
  return storage.kind === 'pglite' ? { dataDir: storage.dataDir } : { databaseUrl: storage.databaseUrl, dataDir: 'unused' };
}
