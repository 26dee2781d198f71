import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startChildServer } from '../fixtures/child-server';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A new data folder holding the run's migrated, empty database (tests/fixtures/migrated-folder.ts):
 * seed it with openDatabase before the server starts. Remove it when done (startServer's stop does not).
 */
export function migratedDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'freshlist-e2e-'));
  const template = inject('migratedPgliteFolder');
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the real server (as `npm start` does, minus the build) on a free port, on a copy of the
 * run's migrated database, or on `env.DATA_DIR` when given (a folder the file seeded).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ? undefined : migratedDataDir();
  const removeData = () => dataDir && rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startChildServer({ env: { DATA_DIR: dataDir ?? '', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env } });
    let stopping = false;
    // A server that dies under a journey fails every step after it: say why, once, where the run's log shows it.
    void server.exited.then(({ code, signal }) => {
      if (!stopping)
        process.stderr.write(`\njourney server ${server.url} exited (${signal ?? code}):\n${server.output().slice(-4000)}\n`);
    });
    return {
      url: server.url,
      process: server.child,
      output: server.output,
      stop: async () => {
        stopping = true;
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
