import { resolve } from 'node:path';
import { BackupError, type BackupTarget, backupDatabase, restoreDatabase } from '../server/backup';
import { ConfigError, loadConfig } from '../server/config';
import { DataDirLockedError } from '../server/plugins/data-dir-lock';

/**
 * npm run backup -- <file>    the database named by DATABASE_URL, or the embedded one in DATA_DIR
 * npm run restore -- <file>   into an empty DATABASE_URL database, or a new (empty) DATA_DIR
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run backup -- <file> | npm run restore -- <file>');
    process.exit(2);
  }
  const config = loadConfig();
  const target: BackupTarget = config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl }
    : { kind: 'pglite', dataDir: resolve(config.dataDir) };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${target.dataDir}`;
  if (command === 'backup') {
    await backupDatabase(target, file);
    console.log(`Backed up ${where} to ${file}`);
  } else {
    await restoreDatabase(target, file);
    console.log(`Restored ${file} into ${where}`);
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? `Freshlist backup: ${(error as Error).message}` : error);
  process.exit(1);
});
