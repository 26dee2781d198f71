import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createScratchDatabase } from '../fixtures/scratch-postgres';

/**
 * The real server (server/main.ts) as a child process we can kill, restart on the same data, and
 * run twice against one PostgreSQL. tests/e2e/server.ts starts one for browsers; this one gives
 * the reliability suites control over the process's life.
 */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'freshlist-reliability-'));
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

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const storageEnv: Record<string, string> =
    options.storage.kind === 'pglite' ? { DATA_DIR: options.storage.dataDir } : { DATABASE_URL: options.storage.databaseUrl };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...storageEnv,
    ...options.env,
  };
  if (options.storage.kind === 'pglite') delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitReady !== false) await waitReady(server);
  return server;
}

export async function waitReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${server.output()}`);
}

/** A new, empty PostgreSQL database for one suite (TEST_DATABASE_URL names the server); drop() removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(adminUrl, 'freshlist_rel');
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
