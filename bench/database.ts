import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../server/plugins/db';
import { createScratchDatabase } from '../tests/fixtures/scratch-postgres';
import type { BenchDatabase } from './options';

export interface BenchDatabaseHandle {
  kind: BenchDatabase;
  /** Where the server child process finds the same data (DATABASE_URL or DATA_DIR). */
  serverEnv: Record<string, string>;
  /** Human-readable place of the data, for --keep. */
  location: string;
  open(): Promise<DatabaseHandle>;
  /** Removes the database or folder. */
  drop(): Promise<void>;
}

/**
 * A new database migrated by the app's own migrations: on PostgreSQL a fresh database created
 * from the admin URL, on PGlite a folder in the temp directory (on disk: a million posts do not
 * fit comfortably in PGlite's memory-only mode).
 */
export async function createBenchDatabase(kind: BenchDatabase, adminUrl: string | undefined): Promise<BenchDatabaseHandle> {
  let handle: BenchDatabaseHandle;
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(adminUrl, 'freshlist_bench');
    handle = {
      kind,
      serverEnv: { DATABASE_URL: scratch.url },
      location: scratch.url,
      open: () => openDatabase({ databaseUrl: scratch.url, dataDir: 'unused', listen: false }),
      drop: scratch.drop,
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'freshlist-bench-'));
    handle = {
      kind,
      serverEnv: { DATA_DIR: dir },
      location: dir,
      open: () => openDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await handle.open();
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return handle;
}
