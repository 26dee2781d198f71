import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { cpuBetween, processMeter } from './cpu';
import { BROWSER_HEADERS } from './http-bench';
import { pacedLoad } from './paced-load';
import { createSession } from './seed';
import type { BenchServer } from './server';

/** What the mixed load asks for, prepared from the seeded database before the server starts. */
export interface TrafficKeys {
  handles: string[];
  /** `/{handle}/lists/{slug}`: the stable addresses printed on QR codes. */
  lists: string[];
  words: string[];
  readerTokens: string[];
  adminToken: string;
}

export interface RealTraffic {
  targetRate: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  total: number;
  /** Of the failures, those still unanswered 30 s after the last request was due (bench/paced-load.ts). */
  unanswered?: number;
  /** The read cache's answers from memory during the run, as a share of its reads (null: not read). */
  hitRate: number | null;
  mix: string;
  /** How the load was sent: paced, open loop (bench/paced-load.ts). */
  generator: string;
  /** The generator's own lateness at p99, part of the latencies above. */
  sendLagP99Ms: number;
  /** The server process's CPU time a request during the mix, in ms: 1,000 ÷ this is one core's rate. */
  serverCpuMs?: number | null;
  /** The same paced mix sent to the bare node:http reference (bench/bare-reference.ts), PostgreSQL only. */
  bare?: { p50Ms: number; p99Ms: number; requestsPerSecond: number; failures: number } | null;
}

/** The target of issue 28: p99 ≤ 50 ms at 1,000 requests/s with every background worker running. */
export const REAL_TRAFFIC_TARGET = { rate: 1000, p99Ms: 50 };
const MIX =
  'QR scans 45% (profiles 30%, list addresses 15%, popular ones more often), /explore searches 15%, signed-in feeds 40%';

export async function prepareTraffic(db: Kysely<Database>, readerTokens: string[]): Promise<TrafficKeys> {
  const handles = await sql<{ handle: string }>`select handle from handles order by md5(handle || 'traffic') limit 5000`.execute(
    db,
  );
  const lists = await sql<{ path: string }>`
    select '/' || h.handle || '/lists/' || l.slug as path from lists l join handles h on h.user_id = l.user_id
    order by md5(l.slug || h.handle) limit 5000`.execute(db);
  const words = await sql<{ word: string }>`select word from directory_words order by md5(word) limit 50`.execute(db);
  const admin = await sql<{ id: string }>`
    insert into users (email, display_name, admin, created_at) values ('bench-admin@bench.example', 'Bench admin', true, ${Date.now()})
    on conflict do nothing returning id`.execute(db);
  const adminId =
    admin.rows[0]?.id ??
    (await sql<{ id: string }>`select id from users where email = 'bench-admin@bench.example'`.execute(db)).rows[0]!.id;
  return {
    handles: handles.rows.map((r) => r.handle),
    lists: lists.rows.map((r) => r.path),
    words: words.rows.map((r) => r.word),
    readerTokens: readerTokens.slice(0, 2000),
    adminToken: await createSession(db, adminId),
  };
}

/** An item of `items`, the first ones far more often (a QR code at a busy stall is scanned again and again). */
const popular = <T>(items: T[]) => items[Math.floor(items.length * Math.random() ** 3)]!;
const any = <T>(items: T[]) => items[Math.floor(items.length * Math.random())]!;

async function readCacheStats(server: BenchServer, token: string) {
  const res = await fetch(`${server.url}/api/admin/read-cache`, { headers: { cookie: `${server.sessionCookie}=${token}` } });
  return res.ok ? ((await res.json()) as { hits: number; misses: number }) : null;
}

/**
 * The mixed load at a fixed rate, paced and open loop (bench/paced-load.ts: one request every
 * 1/rate s, latency from its scheduled moment), with the server's background workers running as in
 * production (the email worker and the link watcher poll on their own).
 */
export async function benchRealTraffic(
  server: BenchServer,
  keys: TrafficKeys,
  options: { seconds: number; rate?: number },
): Promise<RealTraffic> {
  const rate = options.rate ?? REAL_TRAFFIC_TARGET.rate;
  const before = await readCacheStats(server, keys.adminToken);
  const meter = processMeter(server.pid);
  const cpuBefore = await meter.sample();
  const run = await pacedLoad(server.url, trafficMix(keys, server.sessionCookie), { rate, seconds: options.seconds });
  const cpu = cpuBetween(cpuBefore, await meter.sample());
  const after = await readCacheStats(server, keys.adminToken);
  const reads = before && after ? after.hits - before.hits + (after.misses - before.misses) : 0;
  return {
    targetRate: rate,
    requestsPerSecond: (run.total - run.unanswered) / run.seconds,
    p50Ms: run.p50Ms,
    p99Ms: run.p99Ms,
    failures: run.failures,
    total: run.total,
    unanswered: run.unanswered,
    hitRate: before && after && reads > 0 ? (after.hits - before.hits) / reads : null,
    mix: MIX,
    generator: GENERATOR,
    sendLagP99Ms: run.sendLagP99Ms,
    serverCpuMs: cpu === null ? null : (1000 * cpu) / Math.max(1, run.total - run.unanswered),
  };
}

const GENERATOR = 'paced, open loop: one request every 1/rate s, latency from its scheduled moment';

/** The next request of the mix (MIX). */
export function trafficMix(keys: TrafficKeys, sessionCookie: string) {
  return () => {
    const roll = Math.random();
    if (roll < 0.3 && keys.handles.length > 0) return { path: `/${popular(keys.handles)}`, headers: BROWSER_HEADERS };
    if (roll < 0.45 && keys.lists.length > 0) return { path: popular(keys.lists), headers: BROWSER_HEADERS };
    if (roll < 0.6 && keys.words.length > 0)
      return { path: `/explore?q=${encodeURIComponent(any(keys.words))}`, headers: BROWSER_HEADERS };
    return { path: '/api/feed', headers: { ...BROWSER_HEADERS, cookie: `${sessionCookie}=${popular(keys.readerTokens)}` } };
  };
}
