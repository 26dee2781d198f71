import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../fixtures/app';
import { aSessionFor, aUser } from '../fixtures/factories';
import { recordFigures } from '../reliability/figures';
import { apiRoutes, PAGE_SEED, routeGroups } from './matrix';
import { type RegisteredRoute, routeCollector } from './routes';

/**
 * Hostile input for every registered route: bodies, path parameters, query strings and headers
 * from fast-check (huge strings, wrong types, unicode edge cases, null bytes, deep nesting,
 * oversized bodies). No answer may be a 5xx, every 4xx says what was wrong in a readable
 * `message`, and no answer carries a stack trace or database text.
 */
/**
 * 4,000 a run: about 10 requests a route on each database (20 a run), each drawn fresh; the checks
 * that every route shares (body limit, JSON parsing, sessions, error handler) see thousands. 10,000
 * were the run's largest API cost (110 s of a loaded run) for inputs that later runs draw anyway
 * (issue 44). `FUZZ_REQUESTS=10000` sends the old count.
 */
const RUN_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4_000);
/**
 * FUZZ_REQUESTS is the run's total: with PostgreSQL the two API projects each send half (ADR 0094).
 * Both still reach every route; the inputs are fresh random ones on each database, every run.
 */
const TOTAL_REQUESTS = Math.ceil(RUN_REQUESTS / (process.env.TEST_DATABASE_URL ? 2 : 1));

const collector = routeCollector();
const t = await buildTestApp({ OWNER_EMAIL: PAGE_SEED.ownerEmail }, { onRoute: collector.onRoute });
afterAll(() => t.close());

const actors = {
  user: await aUser(t.db),
  approved: await aUser(t.db, { handle: 'fuzz-shop' }),
  admin: await aUser(t.db, { admin: true }),
  owner: await aUser(t.db, { email: PAGE_SEED.ownerEmail, admin: true }),
};
// Targets for ids and handles in paths: other people, so that a fuzzed delete cannot remove the actors.
const victims = [await aUser(t.db, { handle: 'fuzz-victim' }), await aUser(t.db)];
const knownValues = ['fuzz-victim', 'fuzz-shop', ...victims.map((v) => v.id), '1', '0'];

// Fastify answers HEAD itself for every GET; the fuzzer sends the real methods.
const FUZZ_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const targets = collector
  .routes()
  .flatMap((route) => route.methods.filter((m) => FUZZ_METHODS.includes(m)).map((method) => ({ method, route })));
const runsPerTarget = Math.ceil(TOTAL_REQUESTS / targets.length);

// ── arbitraries ──

const edgeStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eevil',
  '\uD800',
  '\uDFFF',
  '𝕏𝕐',
  '👩🏽‍🌾',
  'e\u0301',
  'İ',
  'ß',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'https://evil.example/',
  '//evil.example',
  // What the outside probe of issue 16 found (docs/decisions/0089): each stays a fuzz case.
  'Bad\bName\u0001\u001b[31m',
  'http://localhost:3000/%0d%0ahttps://other.example/',
  '-',
  '-alice-',
  'administrator',
  'https://drive.google.com\\file\tx',
  'a;=HYPERLINK("http://evil")',
];

const nastyString = fc.oneof(
  fc.constantFrom(...edgeStrings),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'Ω'.repeat(n)),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 5 }),
);

/** The top-level keys a route's zod schema part (body or query) names. */
function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

const printableAscii = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

/** Values a schema may accept, so that some requests get past validation into the services. */
const plausibleValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,30}$/),
  fc.emailAddress(),
  fc.webUrl({ validSchemes: ['https'] }),
  fc.constantFrom(...knownValues, 'https://drive.google.com/file/d/abc', 'Fresh list'),
  fc.boolean(),
  fc.integer({ min: 0, max: 10_000 }),
);

interface FuzzBody {
  payload?: string;
  contentType?: string;
}

function bodyArbitrary(route: RegisteredRoute): fc.Arbitrary<FuzzBody> {
  const keys = schemaKeys(route.options.schema?.body);
  const fieldValue = fc.oneof(nastyValue, plausibleValue);
  const shaped =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] })
      : fc.dictionary(nastyString, nastyValue, { maxKeys: 4 });
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  return fc.oneof(
    { weight: 5, arbitrary: json(shaped) },
    { weight: 2, arbitrary: json(nastyValue) },
    // Deep nesting, as raw JSON text (a JS object this deep would not stringify).
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 50, max: 50_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) => ({
        payload: open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth),
        contentType: 'application/json',
      })),
    },
    // Oversized: past the 64 KiB body limit.
    {
      weight: 1,
      arbitrary: fc.integer({ min: 65_000, max: 300_000 }).map((n) => ({
        payload: JSON.stringify({ text: 'x'.repeat(n) }),
        contentType: 'application/json',
      })),
    },
    // Broken JSON, and other content types.
    { weight: 1, arbitrary: nastyString.map((s) => ({ payload: `{"${s}`, contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          nastyString,
          fc.constantFrom(
            'application/x-www-form-urlencoded',
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'application/json; charset=utf-16',
            'application/xml',
            'garbage',
          ),
        )
        .map(([s, contentType]) => ({ payload: s, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({}) },
  );
}

/** encodeURIComponent, except that a lone surrogate is sent as its raw (invalid) UTF-8 bytes. */
function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

function urlArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const segments = route.path.split('/');
  const segmentArbs = segments.map((segment) => {
    if (segment.startsWith(':') || segment === '*') {
      return fc.oneof(
        fc.constantFrom(...knownValues),
        nastyString.map((s) => safeEncode(s).slice(0, 2000)),
        fc.constantFrom('%', '%00', '..', '%2F', '%C0%AF'),
      );
    }
    return fc.constant(segment);
  });
  const queryKeys = schemaKeys(route.options.schema?.querystring);
  const queryKey = queryKeys.length > 0 ? fc.oneof(fc.constantFrom(...queryKeys), nastyString) : nastyString;
  const query = fc.oneof(
    fc.constant(''),
    fc.array(fc.tuple(queryKey, nastyString), { maxLength: 5 }).map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v.slice(0, 3000));
      const s = params.toString();
      return s ? `?${s}` : '';
    }),
    fc.constantFrom('?%', '?a=%ZZ', '?a[b]=1', '?a=1&a=2&a=3', `?${'a=1&'.repeat(2000)}`, '?=', '?&&&'),
  );
  return fc.tuple(fc.tuple(...segmentArbs), query).map(([parts, q]) => parts.join('/') + q);
}

/** Mostly what a real browser of ours sends (so requests reach the handlers), sometimes not. */
const usually = <T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: common }, { weight: 1, arbitrary: rare });

const headerArbitrary = fc
  .record({
    // 'as:<role>' becomes a fresh session of that actor (a fuzzed sign-out must not end the next request's).
    cookie: usually(
      fc.constantFrom(...Object.keys(actors).map((role) => `as:${role}`)),
      fc.oneof(
        printableAscii.map((s) => `freshlist_session=${s}`),
        printableAscii,
        fc.constant(undefined),
      ),
    ),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', 'garbage', undefined),
    origin: usually(fc.constant(undefined), fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null')),
    'sec-fetch-site': usually(fc.constantFrom('same-origin', undefined), fc.constantFrom('cross-site', 'same-site', 'none')),
    'x-forwarded-for': fc.option(printableAscii, { nil: undefined }),
    'user-agent': fc.option(
      fc.oneof(
        printableAscii,
        fc.integer({ min: 1000, max: 8000 }).map((n) => 'A'.repeat(n)),
      ),
      { nil: undefined },
    ),
    'if-none-match': fc.option(printableAscii, { nil: undefined }),
    range: fc.option(fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=9999999-', 'garbage'), { nil: undefined }),
  })
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>);

// ── what a response may not contain ──

const LEAKS: Array<[string, RegExp]> = [
  ['a stack trace', /\n\s+at [^\n]+(:\d+:\d+|\(native\))|node_modules\/|\.ts:\d+:\d+/],
  [
    'database text',
    /syntax error at or near|violates (unique|foreign key|check|not-null) constraint|duplicate key value|relation "[^"]+" does not exist|column "[^"]+" (does not exist|of relation)|invalid input syntax for type|value too long for type|\b(insert into|delete from|update \w+ set) /i,
  ],
];

let sent = 0;
const statusCounts = new Map<number, number>();

function check(
  route: RegisteredRoute,
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: string,
): string | null {
  if (status >= 500) return `${status} for ${method} ${url.slice(0, 200)}: ${body.slice(0, 300)}`;
  // The built web app's own files (scripts, source maps) are code by nature, the same for everyone.
  if (routeGroups.some((group) => group.covers(method, route.path))) return null;
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(body)) return `${what} in the ${status} answer to ${method} ${url.slice(0, 200)}: ${body.slice(0, 300)}`;
  }
  // A '..' segment is resolved by the router to another path ('/qr/../card.png' is '/card.png'):
  // that path's answer, a page's 404 included, is not this route's.
  const elsewhere = /\/\.\.?(?:\/|$|\?)/.test(url);
  // The development identity provider speaks OAuth's own error format (error, error_description).
  if (status >= 400 && !url.startsWith('/oidc') && !elsewhere) {
    if (!contentType.includes('application/json')) return `${status} without a JSON message for ${method} ${url.slice(0, 200)}`;
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message !== 'string' || message.trim().length === 0 || message.length > 400) {
      return `${status} without a readable message for ${method} ${url.slice(0, 200)}: ${body.slice(0, 300)}`;
    }
  }
  return null;
}

describe('fuzzing every route with hostile input', () => {
  it('covers every API route of the access matrix', () => {
    // A matrix row for every method ('*', the development provider's) is covered by any of them.
    const fuzzed = new Set(targets.flatMap((target) => [`${target.method} ${target.route.path}`, `* ${target.route.path}`]));
    expect(apiRoutes.map((row) => `${row.method} ${row.path}`).filter((route) => !fuzzed.has(route))).toEqual([]);
  });

  it.each(targets.map((target) => [`${target.method} ${target.route.path}`, target] as const))('%s', async (_name, target) => {
    const hasBody = target.method !== 'GET';
    await fc.assert(
      fc.asyncProperty(
        urlArbitrary(target.route),
        hasBody ? bodyArbitrary(target.route) : fc.constant<FuzzBody>({}),
        headerArbitrary,
        fc.ipV4(),
        async (url, body, headers, remoteAddress) => {
          const role = headers.cookie?.startsWith('as:') ? (headers.cookie.slice(3) as keyof typeof actors) : undefined;
          if (role) headers.cookie = (await aSessionFor(t.db, actors[role])).cookie;
          const options: InjectOptions = {
            method: target.method as InjectOptions['method'],
            url,
            remoteAddress,
            headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          };
          const response = await t.app.inject(options);
          sent += 1;
          statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
          const problem = check(
            target.route,
            target.method,
            url,
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
          );
          if (problem) throw new Error(problem);
        },
      ),
      { numRuns: runsPerTarget, endOnFailure: true },
    );
  });

  it(`sent at least ${TOTAL_REQUESTS} requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    recordFigures(`fuzz ${process.env.TEST_DB_KIND ?? 'pglite'}`, {
      requests: sent,
      targets: targets.length,
      statuses: JSON.stringify(Object.fromEntries(statusCounts)),
    });
  });
});
