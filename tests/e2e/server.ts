import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from '../fixtures/child-server';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real server (as `npm start` does, minus the build) on a free port and an empty data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'freshlist-e2e-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startChildServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env } });
    return {
      url: server.url,
      process: server.child,
      output: server.output,
      stop: async () => {
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
