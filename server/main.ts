import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './plugins/data-dir-lock';
import { migrateToLatest, openDatabase } from './plugins/db';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const signIn = config.oidc ? `OpenID Connect at ${config.oidc.issuer}` : 'the development sign-in (any email)';
  app.log.info(
    { migrationsApplied: applied },
    `Freshlist is ready on ${config.publicUrl} with ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'} and ${signIn}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Freshlist cannot start: ${error.message}`);
  } else {
    console.error('Freshlist cannot start:', error);
  }
  process.exit(1);
});
