import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './plugins/data-dir-lock';
import { createDurablePGlite } from './plugins/pglite-storage';

/**
 * Backup and restore of the whole database (README "Backup and restore"). PostgreSQL: pg_dump's
 * custom format and pg_restore. The embedded database: PGlite's own data-folder dump, a gzipped tar
 * of the folder PostgreSQL would copy, taken through the database so it is consistent.
 */
export type BackupTarget = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export class BackupError extends Error {}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    child.once('error', (error) => reject(new BackupError(`${command} could not run: ${error.message}`)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes the whole database to `file`. The embedded database must not be in use (stop the server). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.databaseUrl]);
    return;
  }
  if (!existsSync(join(target.dataDir, 'PG_VERSION'))) {
    throw new BackupError(`DATA_DIR: ${target.dataDir} holds no database to back up`);
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    const client = await createDurablePGlite(target.dataDir);
    try {
      await client.query('checkpoint');
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { flush: true });
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Loads a backup into an empty target: a new PostgreSQL database (pg_restore in one transaction)
 * or a DATA_DIR that does not exist yet or is empty. Never overwrites a database in place.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup file`);
  if (target.kind === 'postgres') {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    throw new BackupError(`DATA_DIR: ${target.dataDir} is not empty; restore into a new folder, then point DATA_DIR at it`);
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    const client = await createDurablePGlite(target.dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await client.query('checkpoint');
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}
