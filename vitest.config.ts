import { defineConfig } from 'vitest/config';

const apiTests = ['server/**/*.test.ts', 'db/**/*.test.ts', 'tests/access/**/*.test.ts', 'bench/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    // Vitest's default is one worker per core less one: a single worker on the 2-core machine, so
    // every file ran after the other. Most of a file's time is spent waiting (a browser, a child
    // server, the database), so three at once keep both cores busy (ADR 0084).
    maxWorkers: 3,
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
                env: { TEST_DB_KIND: 'postgres' },
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
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
