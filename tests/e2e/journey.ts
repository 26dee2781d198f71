import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type DB, openDatabase } from '../../server/plugins/db';
import { lanePlace } from '../fixtures/lanes';
import { freshTestDatabase } from '../fixtures/postgres-template';
import { type ProviderStub, startProviderStub } from '../fixtures/provider-stub';
import { testCertificates } from '../fixtures/test-ca';
import { DESKTOP, launchBrowser, PHONE } from './browser';
import { consentDeclined, type Person, signInWithCookie } from './helpers';
import { emptyLaneDatabase } from './lane-database';
import { type LaneServer, lanesFit } from './lane-servers';
import { migratedDataDir, type RunningServer, startServer } from './server';

export type Viewport = typeof DESKTOP;

export interface JourneyOptions {
  /** Rows written into the journey's data folder before its server starts. */
  seed?: (db: DB) => Promise<void>;
  /** The server's environment beyond DATA_DIR (ADMIN_EMAILS, EMAIL_POLL_MS …). */
  env?: Record<string, string>;
  /**
   * Starts the provider stub (tests/fixtures/provider-stub.ts) before the seed: the server reaches it
   * through LINK_FETCH_HOST_MAP and trusts its authority through NODE_EXTRA_CA_CERTS.
   */
  providerStub?: boolean;
  /** beforeAll's timeout, where the project's hookTimeout is not enough. */
  timeout?: number;
}

/** What a journey file's tests use: its server, the run's Chromium, and people in contexts of their own. */
export interface Journey {
  readonly server: RunningServer;
  /** The server's base URL. */
  readonly url: string;
  readonly browser: Browser;
  /** Only with `providerStub: true`. */
  readonly stub: ProviderStub;
  /** A context of its own: the viewport (a phone one is mobile, with touch), analytics consent already declined. */
  context(viewport?: Viewport, options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page in a context of its own, signed in as `person` without the popup, on `to` when given. */
  signedIn(person: Person, viewport?: Viewport, to?: string): Promise<Page>;
}

/**
 * The server a journey shares with the other files of its browser lane (tests/e2e/lane-servers.ts):
 * when the run has lane servers and the journey asks for no configuration they lack. None otherwise.
 */
function laneServer(options: JourneyOptions): LaneServer | undefined {
  const place = lanePlace();
  const servers: LaneServer[] = inject('laneServers') ?? [];
  if (place === undefined || !servers[place] || options.providerStub) return undefined;
  return lanesFit(options.env ?? {}) ? servers[place] : undefined;
}

/**
 * The one setup of a journey file, called in its describe. beforeAll readies the journey's data and
 * server, and connects to the run's Chromium; afterAll lets go of what it started. A journey whose
 * configuration its lane's server has empties that server's database and seeds it; any other seeds a
 * copy of the run's migrated PostgreSQL template (a run with PostgreSQL) or PGlite folder, and
 * starts a server of its own on it. Either way each file keeps to itself: its own data, accounts and
 * contexts.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let stub: ProviderStub | undefined;
  let dataDir: string | undefined;
  /** The file's own PostgreSQL database, when the run has PostgreSQL and the file a server of its own. */
  let database: { url: string; drop(): Promise<void> } | undefined;
  /** Set when the file runs on its browser lane's server, which it neither starts nor stops. */
  let laneUrl: string | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey's ${what} is not started (use it inside a test or hook)`);
    return value;
  };

  beforeAll(async () => {
    const lane = laneServer(options);
    if (lane) {
      // Any server of this file's own would have been a copy of this one: run on the lane's.
      const laneDatabase = await openDatabase({ databaseUrl: lane.databaseUrl, dataDir: 'unused', listen: false });
      try {
        await emptyLaneDatabase(laneDatabase.db);
        await options.seed?.(laneDatabase.db);
      } finally {
        await laneDatabase.close();
      }
      laneUrl = lane.url;
      browser = await launchBrowser();
      return;
    }
    const template = inject('migratedPostgresTemplate');
    let storage: { databaseUrl?: string; dataDir: string };
    if (template) {
      // A run with PostgreSQL has the file's own server on it too, on a copy of the migrated
      // template: it starts and seeds in less CPU than a PGlite folder (docs/decisions/0232).
      database = await freshTestDatabase(template, 'freshlist_journey');
      dataDir = mkdtempSync(join(tmpdir(), 'freshlist-e2e-'));
      storage = { databaseUrl: database.url, dataDir: 'unused' };
    } else {
      dataDir = migratedDataDir();
      storage = { dataDir };
    }
    const env: Record<string, string> = { ...options.env, DATA_DIR: dataDir };
    if (storage.databaseUrl) env.DATABASE_URL = storage.databaseUrl;
    if (options.providerStub) {
      stub = await startProviderStub();
      env.LINK_FETCH_HOST_MAP = stub.hostMap();
      env.NODE_EXTRA_CA_CERTS = testCertificates().caFile;
    }
    if (options.seed) {
      const seeding = await openDatabase({ ...storage, listen: false });
      try {
        await options.seed(seeding.db);
      } finally {
        await seeding.close();
      }
    }
    server = await startServer(env);
    browser = await launchBrowser();
  }, options.timeout);
  afterAll(async () => {
    laneUrl = undefined;
    await browser?.close();
    await server?.stop();
    await stub?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const journey: Journey = {
    get server() {
      if (laneUrl) throw new Error("a journey on its lane's server has no server process of its own (give it an env of its own)");
      return started(server, 'server');
    },
    get url() {
      return laneUrl ?? started(server, 'server').url;
    },
    get browser() {
      return started(browser, 'browser');
    },
    get stub() {
      return started(stub, 'provider stub');
    },
    async context(viewport = DESKTOP, contextOptions = {}) {
      const context = await journey.browser.newContext({
        viewport,
        ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
        ...contextOptions,
      });
      await consentDeclined(context);
      return context;
    },
    async signedIn(person, viewport = DESKTOP, to) {
      const context = await journey.context(viewport);
      await signInWithCookie(context, journey.url, person);
      const page = await context.newPage();
      if (to !== undefined) await page.goto(`${journey.url}${to}`);
      return page;
    },
  };
  return journey;
}
