import { availableParallelism } from 'node:os';

/** How big a network the seeder builds. */
export interface SeedSizes {
  handles: number;
  posts: number;
  readers: number;
  /** One named reader per entry, following exactly that many handles. */
  namedFollows: number[];
}

export type BenchDatabase = 'postgres' | 'pglite';

export interface BenchOptions {
  sizes: SeedSizes;
  databases: BenchDatabase[];
  /** postgres://… a database the bench may create and drop databases from. */
  databaseUrl: string | undefined;
  /** Timed feed requests per cell (implementation × reader × page). */
  requests: number;
  /** A cell stops early once it has run this long (and has at least 20 samples). */
  cellSeconds: number;
  httpSeconds: number;
  httpConnections: number;
  skipHttp: boolean;
  skipWeb: boolean;
  skipWhatIf: boolean;
  skipFeed: boolean;
  skipDirectory: boolean;
  /** Lists' contents (issue 30): 100 lines a handle's newest list, item searches, reading a 5,000-row sheet. */
  skipContents: boolean;
  /** Issue 39: the list page of a 5,000-line list, on a database of its own. */
  skipListPage: boolean;
  /** Only issue 39's list page, on a database of its own (bench/list-page-bench.ts). */
  listPageOnly: boolean;
  /** Email (issue 18): how many instant followers one post mails. */
  emailFollowers: number;
  skipEmail: boolean;
  /** Only the email part: no feed seed, no HTTP, no web build. */
  emailOnly: boolean;
  /** The link watcher part (issue 29): lists in one round, or none. */
  linkCheckLists: number;
  skipLinkCheck: boolean;
  linkCheckOnly: boolean;
  /** Issue 41 §1: the watcher's simulated week (bench/watcher-week.ts), its lists, or none. */
  watcherWeekLists: number;
  skipWatcherWeek: boolean;
  /** Only issue 30's reading part, on a database of one list (bench/reading-only.ts). */
  readingOnly: boolean;
  /** Only issue 40's orders cells, on a database of their own rows (bench/orders-only.ts). */
  ordersOnly: boolean;
  /** Issue 40's orders cells in the default run, on a database of their own. */
  skipOrders: boolean;
  /** Issue 38's jobs part (bench/jobs-part.ts): the queue's throughput and CPU a job, pages beside the worker. */
  skipJobs: boolean;
  jobsOnly: boolean;
  /** Issue 41's item alerts (bench/alerts-bench.ts): left out, or run alone. */
  skipAlerts: boolean;
  /** Files read per measurement of the reading part. */
  readingFiles: number;
  keep: boolean;
  /** A folder for the bench server's CPU profile (Node's --cpu-prof), or undefined. */
  cpuProf: string | undefined;
}

export const DEFAULT_SIZES: SeedSizes = {
  handles: 50_000,
  posts: 1_000_000,
  readers: 20_000,
  namedFollows: [10, 100, 1_000, 5_000],
};

/** For development runs on a shared machine: the same shape, a twentieth of the rows. */
export const SMALL_SIZES: SeedSizes = {
  handles: 6_000,
  posts: 50_000,
  readers: 1_000,
  namedFollows: [10, 100, 1_000, 5_000],
};

export const USAGE = `npm run bench -- [options]   (every option also reads BENCH_<NAME> from the environment)

  --db=postgres|pglite|both   default: postgres when BENCH_DATABASE_URL is set, else pglite
  --size=default|small        preset sizes (small: for development on a shared machine)
  --handles=N --posts=N --readers=N --named=10,100,1000,5000
  --requests=N                timed feed requests per cell (default 200)
  --cell-seconds=N            stop a cell early after N seconds with >= 20 samples (default 60)
  --http-seconds=N            autocannon duration per route (default 10)
  --connections=N             autocannon connections (default 2 per core)
  --skip-http --skip-web      leave out the HTTP or the web-bytes part
  --skip-what-if              leave out the design alternatives (LATERAL alone, handles as an array)
  --skip-feed                 leave out the feed and the design alternatives
  --skip-directory            leave out the directory (business profiles and /explore searches)
  --skip-contents             leave out lists' contents (5 M lines, searches by item, reading a 5,000-row XLSX)
  --skip-list-page            leave out the list page of a 5,000-line list (cold render, first visit)
  --list-page-only            only the list page of a 5,000-line list: about a minute a database
  --email-followers=N         email: instant followers of the one post (default 50000)
  --skip-email --email-only   leave out the email part, or run only it
  --link-check-lists=N        the link watcher: lists checked in one round (default 50000)
  --skip-link-check --link-check-only   leave out the link watcher part, or run only it
  --watcher-week-lists=N      the watcher's simulated week: lists watched (default 50000)
  --skip-watcher-week         leave out the watcher's simulated week (also alone: npx tsx bench/watcher-week.ts)
  --reading-only              only the reading part of lists' contents, on a database of one list
  --orders-only               only the orders cells (sending, the order desk), on a database of their own
  --skip-orders               leave out the orders cells
  --skip-jobs --jobs-only     leave out the jobs part (the queue, pages beside the worker; PostgreSQL), or run only it
  --skip-alerts --alerts-only leave out the item alerts part (10,000 alerts, one new version), or run only it
  --reading-files=N           files read per measurement of the reading part (default 10)
  --keep                      keep the seeded database (its name or folder is printed)
  --cpu-prof=DIR              write the bench server's CPU profile into DIR (open it in Chrome's DevTools)`;

export class OptionsError extends Error {}

function positiveInt(name: string, value: string): number {
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0) throw new OptionsError(`--${name}: must be a positive whole number, got "${value}"`);
  return n;
}

/** Flags win over BENCH_* variables, which win over the defaults. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('BENCH_') && value !== undefined && key !== 'BENCH_DATABASE_URL') {
      values.set(key.slice('BENCH_'.length).toLowerCase().replaceAll('_', '-'), value);
    }
  }
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new OptionsError(`unknown argument "${arg}"\n\n${USAGE}`);
    values.set(match[1]!, match[2] ?? 'true');
  }

  const known = new Set([
    'db',
    'size',
    'handles',
    'posts',
    'readers',
    'named',
    'requests',
    'cell-seconds',
    'http-seconds',
    'connections',
    'skip-http',
    'skip-web',
    'skip-what-if',
    'skip-feed',
    'skip-directory',
    'skip-contents',
    'skip-list-page',
    'list-page-only',
    'email-followers',
    'skip-email',
    'email-only',
    'link-check-lists',
    'skip-link-check',
    'link-check-only',
    'watcher-week-lists',
    'skip-watcher-week',
    'reading-only',
    'orders-only',
    'skip-orders',
    'skip-jobs',
    'jobs-only',
    'reading-files',
    'skip-alerts',
    'alerts-only',
    'keep',
    'cpu-prof',
    'help',
  ]);
  for (const key of values.keys()) {
    if (!known.has(key)) throw new OptionsError(`unknown option --${key}\n\n${USAGE}`);
  }

  const size = values.get('size') ?? 'default';
  if (size !== 'default' && size !== 'small') throw new OptionsError('--size: must be default or small');
  const base = size === 'small' ? SMALL_SIZES : DEFAULT_SIZES;
  const num = (name: string, fallback: number) => {
    const raw = values.get(name);
    return raw === undefined ? fallback : positiveInt(name, raw);
  };
  const named = values.get('named');
  const sizes: SeedSizes = {
    handles: num('handles', base.handles),
    posts: num('posts', base.posts),
    readers: num('readers', base.readers),
    namedFollows: named === undefined ? base.namedFollows : named.split(',').map((n) => positiveInt('named', n.trim())),
  };
  const mostFollows = Math.max(...sizes.namedFollows);
  if (mostFollows > sizes.handles) {
    throw new OptionsError(`--named: a reader cannot follow ${mostFollows} handles when there are ${sizes.handles}`);
  }

  const databaseUrl = env.BENCH_DATABASE_URL?.trim() || undefined;
  const db = values.get('db') ?? (databaseUrl ? 'postgres' : 'pglite');
  const databases: BenchDatabase[] = db === 'both' ? ['postgres', 'pglite'] : db === 'postgres' || db === 'pglite' ? [db] : [];
  if (databases.length === 0) throw new OptionsError('--db: must be postgres, pglite or both');
  if (databases.includes('postgres') && !databaseUrl) {
    throw new OptionsError('--db=postgres needs BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  }

  const flag = (name: string) => {
    const raw = values.get(name);
    return raw !== undefined && raw !== 'false' && raw !== '0';
  };
  return {
    sizes,
    databases,
    databaseUrl,
    requests: num('requests', 200),
    cellSeconds: num('cell-seconds', 60),
    httpSeconds: num('http-seconds', 10),
    httpConnections: num('connections', 2 * availableParallelism()),
    skipHttp: flag('skip-http'),
    skipWeb: flag('skip-web'),
    skipWhatIf: flag('skip-what-if'),
    skipFeed: flag('skip-feed'),
    skipDirectory: flag('skip-directory'),
    skipContents: flag('skip-contents'),
    skipListPage: flag('skip-list-page'),
    listPageOnly: flag('list-page-only'),
    emailFollowers: num('email-followers', 50_000),
    skipEmail: flag('skip-email') || flag('link-check-only') || flag('jobs-only') || flag('alerts-only'),
    // Only the link watcher, the jobs or the alerts: no feed network either (as --email-only leaves it out).
    emailOnly: flag('email-only') || flag('link-check-only') || flag('jobs-only') || flag('alerts-only'),
    linkCheckLists: num('link-check-lists', 50_000),
    skipLinkCheck: flag('skip-link-check') || flag('jobs-only') || flag('alerts-only'),
    linkCheckOnly: flag('link-check-only'),
    watcherWeekLists: num('watcher-week-lists', 50_000),
    skipWatcherWeek: flag('skip-watcher-week'),
    readingOnly: flag('reading-only'),
    ordersOnly: flag('orders-only'),
    skipOrders: flag('skip-orders') || flag('email-only') || flag('link-check-only') || flag('jobs-only') || flag('alerts-only'),
    skipJobs: flag('skip-jobs') || flag('alerts-only') || ((flag('email-only') || flag('link-check-only')) && !flag('jobs-only')),
    jobsOnly: flag('jobs-only'),
    readingFiles: num('reading-files', 10),
    skipAlerts:
      flag('skip-alerts') || flag('jobs-only') || ((flag('email-only') || flag('link-check-only')) && !flag('alerts-only')),
    keep: flag('keep'),
    cpuProf: values.get('cpu-prof') || undefined,
  };
}
