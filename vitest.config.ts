import { configDefaults, defineConfig } from 'vitest/config';
import LongFirstSequencer from './tests/sequencer';

const apiTests = ['server/**/*.test.ts', 'db/**/*.test.ts', 'tests/access/**/*.test.ts', 'bench/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * API files that open no database (config parsing, templates, CSV), and the image renderer, whose
 * one server test asks nothing of the database: a second run on PostgreSQL would repeat them
 * unchanged, so they run on PGlite only (ADR 0094). Everything that reads or writes data runs on both.
 */
const databaseFree = [
  'server/config.test.ts',
  'server/read-cache/read-cache.test.ts',
  'server/modules/auth/oidc-client.test.ts',
  'server/modules/email/templates.test.ts',
  'server/modules/forms/csv.test.ts',
  'server/modules/forms/export-cells.test.ts',
  'server/modules/sharing/card-address.test.ts',
  'server/modules/sharing/image-renderer.test.ts',
  'server/modules/contents/reader.test.ts',
  'server/modules/contents/bombs.test.ts',
  'server/modules/contents/read-queue.test.ts',
  'server/modules/contents/read-text.test.ts',
  'server/plugins/web.test.ts',
  'server/modules/link-check/fetcher.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    // Vitest's default is one worker per core less one: a single worker on the 2-core machine, so
    // every file ran after the other. Most of a file's time is spent waiting (a browser, a child
    // server, the database), so several at once keep both cores busy (ADR 0084). Every project's
    // files share these workers, long ones first (tests/sequencer.ts, ADR 0093).
    maxWorkers: 5,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB_KIND: 'pglite' },
          // One worker runs file after file with the modules it has loaded (the app, PGlite): each
          // file still gets its own database copy and app. ADR 0093.
          isolate: false,
          globalSetup: ['./tests/fixtures/database-template.ts'],
          setupFiles: ['./tests/fixtures/no-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: [...configDefaults.exclude, ...databaseFree],
                env: { TEST_DB_KIND: 'postgres' },
                isolate: false,
                globalSetup: ['./tests/fixtures/database-template.ts'],
                setupFiles: ['./tests/fixtures/no-console-error.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          // The real server as child processes: crashes, restarts, shutdown under load, several processes.
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          // Suites that load a server take turns (joinLane('load'), tests/fixtures/lanes.ts).
          globalSetup: [
            './tests/fixtures/lanes-keeper.ts',
            './tests/fixtures/server-bundle.ts',
            './tests/fixtures/migrated-folder.ts',
            './tests/fixtures/postgres-template.ts',
          ],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // A journey through child servers can lose a race to a slow or busy machine: it runs once
          // more, and the summary names it as flaky (ADR 0198). A real failure fails twice.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The keeper, the bundle, the migrated folder and template are the run's, shared with the
          // reliability suites (tests/fixtures/once-per-run.ts).
          globalSetup: [
            './tests/fixtures/lanes-keeper.ts',
            './tests/fixtures/server-bundle.ts',
            './tests/fixtures/migrated-folder.ts',
            './tests/fixtures/postgres-template.ts',
            './tests/e2e/global-setup.ts',
          ],
          // A few journeys at a time, each with its own server (tests/e2e/lane.ts).
          setupFiles: ['./tests/e2e/lane.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: 1,
        },
      },
    ],
  },
});
