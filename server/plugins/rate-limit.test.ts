import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../tests/fixtures/app';
import { aChatForm, as, aUser, type TestUser } from '../../tests/fixtures/factories';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/**
 * Abuse limits (issue 10, point 7): every write a script could flood answers 429 with Retry-After
 * and a readable message once its allowance is used, and only for the one who used it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const anAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

interface LimitCase {
  name: string;
  max: number;
  windowSeconds: number;
  /** What the first request gets (the later ones within the allowance may be refused for other reasons, never 429). */
  firstStatus: number;
  /** A fresh actor (a person, or an address for visitors) with an untouched allowance. */
  actor(): Promise<TestUser | string>;
  send(actor: TestUser | string, i: number): Promise<LightMyRequestResponse>;
}

const person = () => aUser(t.db);
const json = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject(as(user, { method, url, payload }));

const cases: LimitCase[] = [
  {
    name: 'sign-in (per address)',
    firstStatus: 302,
    max: 30,
    windowSeconds: 60,
    actor: async () => anAddress(),
    send: (address) => t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: address as string }),
  },
  {
    name: 'handle requests',
    firstStatus: 201,
    max: 10,
    windowSeconds: 60,
    actor: person,
    send: (user, i) =>
      json(user as TestUser, 'POST', '/api/handle-requests', {
        handle: `flood-${(user as TestUser).id.slice(0, 8)}-${i}`,
        displayName: 'Flood',
        usageDescription: 'Price list',
      }),
  },
  {
    name: 'invite requests',
    firstStatus: 201,
    max: 10,
    windowSeconds: 60,
    actor: person,
    send: (user) => json(user as TestUser, 'POST', '/api/invite-requests', { name: 'Flood', handle: 'flood-invite' }),
  },
  {
    name: 'invite acceptances',
    firstStatus: 404,
    max: 20,
    windowSeconds: 60,
    actor: person,
    // Each from another address: misses from one address meet the invite guard's own, lower bound
    // first (ADR 0213, server/modules/invites/lookup-guard.test.ts); this is the per-person limit.
    send: (user) =>
      t.app.inject({
        ...as(user as TestUser, {
          method: 'POST',
          url: '/api/invites/nobody-invited/accept',
          payload: { displayName: 'Flood' },
        }),
        remoteAddress: anAddress(),
      }),
  },
  {
    name: 'posting',
    firstStatus: 201,
    max: 30,
    windowSeconds: 600,
    actor: async () => aUser(t.db, { handle: `poster-${++addresses}` }),
    send: (user, i) => json(user as TestUser, 'POST', '/api/posts', { url: `https://box.com/s/${i}`, description: 'Flood' }),
  },
  {
    name: 'follows',
    firstStatus: 200,
    max: 60,
    windowSeconds: 60,
    actor: person,
    send: (user) => t.app.inject(as(user as TestUser, { method: 'PUT', url: '/api/follows/someone-followed' })),
  },
  {
    name: 'form responses (per address)',
    firstStatus: 201,
    max: 10,
    windowSeconds: 60,
    actor: async () => anAddress(),
    send: async (address) =>
      t.app.inject({
        ...as(undefined, {
          method: 'POST',
          url: `/api/forms/${formId}/submissions`,
          payload: { answers: { name: 'A', order: 'B' }, idempotencyKey: randomUUID() },
        }),
        remoteAddress: address as string,
      }),
  },
];

let formId: string;
beforeAll(async () => {
  const owner = await aUser(t.db, { handle: 'form-owner' });
  formId = await aChatForm(t.db, owner);
  await aUser(t.db, { handle: 'someone-followed' });
});

/** What a refused request must look like to a person and to a program. */
function expectReadable429(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ (second|minute)s? and try again\.$/);
}

describe.each(cases)('rate limit on $name', ({ max, windowSeconds, firstStatus, actor, send }) => {
  it(`allows ${max}, then answers 429 with Retry-After and a message; others are not affected`, async () => {
    const flooder = await actor();
    const allowed: number[] = [];
    for (let i = 0; i < max; i++) allowed.push((await send(flooder, i)).statusCode);
    expect(allowed[0]).toBe(firstStatus);
    expect(allowed.filter((status) => status === 429 || status >= 500)).toEqual([]);
    expectReadable429(await send(flooder, max), windowSeconds);
    expect((await send(await actor(), 0)).statusCode).not.toBe(429);
  });
});

/** Redis for the shared-limit test: TEST_REDIS_URL, or the local default. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await redisReachable();
if (!hasRedis) {
  if (process.env.REDIS_REQUIRED === '1') throw new Error(`REDIS_REQUIRED=1 but Redis at ${redisUrl} is unreachable`);
  console.warn(`Skipping the shared rate-limit test: no Redis at ${redisUrl} (set TEST_REDIS_URL, or REDIS_REQUIRED=1 to fail).`);
}

describe.skipIf(!hasRedis)('with REDIS_URL, two app processes share one count', () => {
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    // Two instances on this file's database, as two processes would share one PostgreSQL.
    const database = t.shared;
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', REDIS_URL: redisUrl });
    apps = [
      await buildApp(config, { database, logger: false, closeDatabase: false }),
      await buildApp(config, { database, logger: false, closeDatabase: false }),
    ];
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('refuses the 61st follow a minute whichever instance gets it', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await aUser(a.db, { handle: 'shared-limit' });
    const flooder = await aUser(a.db);
    const follow = (app: FastifyInstance) => app.inject(as(flooder, { method: 'PUT', url: '/api/follows/shared-limit' }));
    // 30 on each instance: either alone is far below 60, together they use the whole allowance.
    for (let i = 0; i < 60; i++) expect((await follow(i % 2 === 0 ? a : b)).statusCode).toBe(200);
    expectReadable429(await follow(a), 60);
    expectReadable429(await follow(b), 60);
    // Another person is counted apart.
    const other = await aUser(a.db);
    expect((await b.inject(as(other, { method: 'PUT', url: '/api/follows/shared-limit' }))).statusCode).toBe(200);
  });
});
