import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/plugins/db';
import { freePort } from '../fixtures/child-server';
import { aPost, aUser, type TestUser } from '../fixtures/factories';
import { joinLane } from '../fixtures/lanes';
import { priceListCsv } from '../fixtures/list-files';
import { type ProviderStub, startProviderStub } from '../fixtures/provider-stub';
import { testCertificates } from '../fixtures/test-ca';
import { ensureWebBuilt } from '../fixtures/web-build';
import { recordFigures } from './figures';
import type { HttpClient } from './http-client';
import { type NginxProcess, nginxProblem, RECIPE_FILE, recipeCacheSeconds, startNginx } from './nginx-process';
import { freshPostgresDatabase, type ServerProcess, type Storage, startServerProcess } from './server-process';
import { Traffic } from './topology-traffic';

/**
 * Deployed as its users would run it (issue 38 §4): nginx with the documented recipe
 * (deploy/nginx/freshlist.conf) in front of two web processes and one worker on one PostgreSQL.
 * Visitors get public pages from nginx's cache, signed-in people never do, and one web process
 * killed mid-run costs no answer and no acknowledged write.
 */
const problem = nginxProblem();
if (problem) {
  if (process.env.NGINX_REQUIRED === '1') throw new Error(`NGINX_REQUIRED=1 but ${problem}`);
  console.warn(`Skipping the nginx topology test: ${problem} (set NGINX_REQUIRED=1 to fail instead).`);
}

const WRITERS = 4;
const ROUNDS = 6;
/** Web process A is killed once this many writes are acknowledged, with the rest still to come. */
const KILL_AT = 8;

// Three servers and nginx under steady traffic: one such suite at a time.
joinLane('load');

it('is the recipe docs/operations.md shows, whole', () => {
  const operations = readFileSync(join(import.meta.dirname, '../../docs/operations.md'), 'utf8');
  expect(operations).toContain(readFileSync(RECIPE_FILE, 'utf8'));
});

describe.skipIf(!process.env.TEST_DATABASE_URL || problem !== null)('nginx in front of two web processes and a worker', () => {
  let database: { url: string; drop(): Promise<void> };
  let storage: Storage;
  let webEnv: Record<string, string>;
  let handle: DatabaseHandle;
  let stub: ProviderStub;
  let dir: string;
  let webs: [ServerProcess, ServerProcess];
  let worker: ServerProcess;
  let nginx: NginxProcess;
  let farm: TestUser;
  let reader: TestUser;
  const writers: TestUser[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    database = await freshPostgresDatabase();
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'unused', listen: false });
    await migrateToLatest(handle.db);
    farm = await aUser(handle.db, { handle: 'nginx-farm', name: 'Nginx Farm' });
    await aPost(handle.db, farm, { description: 'Winter roots' });
    reader = await aUser(handle.db);
    for (let n = 0; n < WRITERS; n++) writers.push(await aUser(handle.db, { handle: `nginx-writer-${n}` }));
    stub = await startProviderStub();
    stub.put('nginx-week', { name: 'Prices.csv', type: 'text/csv', body: priceListCsv(1) });
    dir = mkdtempSync(join(tmpdir(), 'freshlist-nginx-'));

    const port = await freePort();
    storage = { kind: 'postgres', databaseUrl: database.url };
    // The app names nginx as its proxy and its public address, as docs/operations.md says.
    webEnv = { ROLE: 'web', TRUST_PROXY: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` };
    const workerEnv = {
      ROLE: 'worker',
      JOBS_POLL_MS: '500',
      // Only jobs: the link watcher's own rounds and mail delivery stay out of this test.
      LINK_CHECK_POLL_MS: '0',
      EMAIL_POLL_MS: '0',
      // Only the worker reaches the file providers: a job that reads a file can be done nowhere else.
      LINK_FETCH_HOST_MAP: stub.hostMap(),
      NODE_EXTRA_CA_CERTS: testCertificates().caFile,
    };
    const starts = await Promise.allSettled([webEnv, webEnv, workerEnv].map((env) => startServerProcess({ storage, env })));
    const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((server) => server.kill('SIGKILL')));
      throw failed.reason;
    }
    webs = [started[0], started[1]] as [ServerProcess, ServerProcess];
    worker = started[2] as ServerProcess;
    nginx = await startNginx({ webPorts: [webs[0].port, webs[1].port], port, dir });
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([...(webs ?? []), worker].map((server) => server?.kill('SIGTERM')));
    await stub?.close();
    await handle?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${nginx.url}${path}`, { headers });
  const gzip = { 'accept-encoding': 'gzip' };

  it('answers visitors from its cache by the headers the app sends, and never signed-in people', async () => {
    // Addresses of this attempt's own (the app ignores a query it does not read; nginx keys on it), so a retry starts cold.
    const page = `/nginx-farm?visit=${randomUUID()}`;
    const readerPage = `/nginx-farm?visit=${randomUUID()}`;
    const first = await get(page, gzip);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    // The recipe keeps a page as long as the app tells shared caches to.
    expect(first.headers.get('cdn-cache-control')).toContain(`max-age=${recipeCacheSeconds()}`);
    const again = await get(page, gzip);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(await again.text()).toBe(await first.text());

    // Vary: Accept-Encoding holds: a client that takes no gzip never gets the gzipped copy.
    for (let n = 0; n < 2; n++) {
      const plain = await get(page, { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toContain('Nginx Farm');
    }
    // A browser asking again with the page's tag gets "not modified" from nginx.
    const revisit = await get(page, { ...gzip, 'if-none-match': first.headers.get('etag') ?? '' });
    expect(revisit.status).toBe(304);

    const signedIn = { ...gzip, cookie: reader.cookie };
    const own = await get(readerPage, signedIn);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(own.headers.get('x-cache-status')).toBe('BYPASS');
    // The signed-in answer was not stored: the next visitor's request for the same address goes to the app.
    const visitorAfter = await get(readerPage, gzip);
    expect(visitorAfter.headers.get('x-cache-status')).toBe('MISS');
    expect(visitorAfter.headers.get('cache-control')).toBe('public, no-cache');
    // A page visitors have cached is still asked of the app for a signed-in person, whichever the cookie's name.
    expect((await get(page, signedIn)).headers.get('x-cache-status')).toBe('BYPASS');
    const production = { ...gzip, cookie: `theme=dark; __Host-${reader.cookie}` };
    expect((await get(page, production)).headers.get('x-cache-status')).toBe('BYPASS');

    const me = await get('/api/auth/me', { cookie: reader.cookie });
    expect((await me.json()).user?.email).toBe(reader.email);
    const visitorMe = await get('/api/auth/me');
    expect((await visitorMe.json()).user ?? null).toBeNull();
    expect(visitorMe.headers.get('x-cache-status')).not.toBe('HIT');

    // A page the app does not mark for shared caches (the sign-in page's shell) is never kept.
    const shell = await get('/login');
    const shellAgain = await get('/login');
    expect(shellAgain.headers.get('x-cache-status')).toBe('MISS');
    await shellAgain.body?.cancel();
    // Built files are kept by their own Cache-Control (a year, immutable).
    const asset = /\/assets\/[^"']+\.js/.exec(await shell.text())?.[0];
    expect(asset).toBeDefined();
    await (await get(asset ?? '')).body?.cancel();
    const assetAgain = await get(asset ?? '');
    expect(assetAgain.status).toBe(200);
    expect(assetAgain.headers.get('x-cache-status')).toBe('HIT');
  });

  /** The readers: visitors of two public pages, and a signed-in person reading the feed and a page. */
  const readersOf = (traffic: Traffic, reading: HttpClient) => {
    const visitor = traffic.client();
    return [
      async () => void (await traffic.send('visitor', visitor, 'GET', '/nginx-farm')),
      async () => void (await traffic.send('visitor', visitor, 'GET', '/nginx-writer-0')),
      async () => void (await traffic.send('reader', reading, 'GET', '/api/feed')),
      async () => void (await traffic.send('reader', reading, 'GET', '/nginx-farm')),
    ];
  };

  /**
   * The writers write ROUNDS times while the readers read; `server` gets `signal` once KILL_AT
   * writes are acknowledged. Then: every request answered, only posts failed (and were sent again),
   * every acknowledged write stored once, and visitors (never the signed-in reader) served from the cache.
   */
  async function stopMidRun(server: ServerProcess, signal: NodeJS.Signals, traffic = new Traffic(nginx.url)) {
    const handles = writers.map((w) => w.handle ?? '');
    const writing = writers.map(
      (writer, n) => () =>
        traffic.write(
          { handle: handles[n] ?? '', cookie: writer.cookie },
          ['nginx-farm', ...handles.filter((_, m) => m !== n)],
          ROUNDS,
        ),
    );
    const stopped = traffic.writesAcknowledged(KILL_AT).then(() => server.kill(signal));
    await traffic.run(writing, readersOf(traffic, traffic.client(reader.cookie)));
    const exit = await stopped;

    expect(traffic.exchanges.filter((e) => e.status === 'no answer')).toEqual([]);
    // nginx sends a read or a follow (idempotent) to the other process; only a post in flight on
    // the stopped one may fail, and its upload key makes sending it again safe.
    const failed = traffic.exchanges.filter((e) => typeof e.status === 'number' && e.status >= 400);
    expect(failed.filter((e) => !e.resent || e.method !== 'POST')).toEqual([]);
    expect(traffic.acknowledged.posts).toHaveLength(WRITERS * ROUNDS);
    expect(traffic.acknowledged.follows).toHaveLength(WRITERS * ROUNDS);

    const keys = traffic.acknowledged.posts.map((p) => p.key);
    const posts = await handle.db
      .selectFrom('posts')
      .select(['id', 'handle', 'idempotency_key'])
      .where('idempotency_key', 'in', keys)
      .execute();
    // Each acknowledged post once, under the id the answer gave; none stored twice by a resend.
    expect(posts.map((p) => `${p.handle} ${p.idempotency_key} ${Number(p.id)}`).sort()).toEqual(
      traffic.acknowledged.posts.map((p) => `${p.handle} ${p.key} ${p.id}`).sort(),
    );
    const follows = await handle.db
      .selectFrom('follows')
      .innerJoin('handles', 'handles.user_id', 'follows.follower_id')
      .select(['handles.handle as follower', 'follows.handle as followed'])
      .where('handles.handle', 'in', handles)
      .execute();
    const stored = new Set(follows.map((f) => `${f.follower} ${f.followed}`));
    for (const follow of traffic.acknowledged.follows) expect(stored).toContain(`${follow.handle} ${follow.followed}`);

    const visitorPages = traffic.exchanges.filter((e) => e.who === 'visitor');
    expect(visitorPages.some((e) => e.cacheStatus === 'HIT')).toBe(true);
    expect(traffic.exchanges.filter((e) => e.who === 'reader' && e.cacheStatus === 'HIT')).toEqual([]);
    recordFigures('nginx-topology', {
      signal,
      requests: traffic.exchanges.length,
      visitorHits: visitorPages.filter((e) => e.cacheStatus === 'HIT').length,
      visitorRequests: visitorPages.length,
      postsResent: failed.length,
      writes: traffic.acknowledged.posts.length + traffic.acknowledged.follows.length,
    });
    return exit;
  }

  it('keeps answering while a web process is killed mid-run, and keeps every acknowledged write', async () => {
    expect((await stopMidRun(webs[0], 'SIGKILL')).signal).toBe('SIGKILL');
    expect(webs[1].output()).not.toMatch(/"level":(50|60)/);
  });

  it('takes the process back once it is restarted, and loses nothing when it is stopped with SIGTERM', async () => {
    // Logging every request shows when nginx sends it traffic again, and the address it reads.
    const restarted = await startServerProcess({ storage, port: webs[0].port, env: { ...webEnv, LOG_LEVEL: 'debug' } });
    webs[0] = restarted;
    const traffic = new Traffic(nginx.url);
    const reading = traffic.client(reader.cookie);
    const feedRequests = () =>
      restarted
        .output()
        // Whole lines only: the last may still be arriving.
        .replace(/[^\n]*$/, '')
        .split('\n')
        .filter((line) => line.includes('"url":"/api/feed"'))
        .map((line) => (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress);
    // nginx tries a failed process again after its fail_timeout (10 s): read until it has.
    const back = expect.poll(() => feedRequests().length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    await traffic.run([() => back], readersOf(traffic, reading));
    // TRUST_PROXY=127.0.0.1: the app reads the reader's own address from what nginx forwards.
    expect(new Set(feedRequests())).toEqual(new Set([reading.clientIp]));

    // Exit 0: in-flight answers sent, and nginx's kept connections let go within the shutdown grace.
    expect(await stopMidRun(restarted, 'SIGTERM', traffic)).toEqual({ code: 0, signal: null });
  });

  it('has a job queued through a web process done by the worker', async () => {
    const traffic = new Traffic(nginx.url);
    const farmer = traffic.client(farm.cookie);
    const posted = await traffic.send('farm', farmer, 'POST', '/api/posts', {
      url: 'https://drive.google.com/file/d/nginx-week/view',
      description: 'This week',
    });
    expect(posted.exchange.status).toBe(201);
    const listId = JSON.parse(posted.body ?? '{}').post.list.id as number;
    const pressed = await traffic.send('farm', farmer, 'POST', `/api/lists/${listId}/check-now`);
    expect(pressed.exchange.status).toBe(202);
    const checkId = JSON.parse(pressed.body ?? '{}').id as number;
    await expect
      .poll(
        async () =>
          JSON.parse((await traffic.send('farm', farmer, 'GET', `/api/lists/${listId}/check-now/${checkId}`)).body ?? '{}'),
        { timeout: 60_000, interval: 200 },
      )
      .toMatchObject({ state: 'done' });
    // Only the worker was given the way to the file host.
    expect(stub.seen.some((request) => request.path.includes('nginx-week'))).toBe(true);
  });
});
