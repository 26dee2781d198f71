import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** One request of a cache-cold run: its path and, for a signed-in reader, the session token. */
export interface ColdRequest {
  path: string;
  token?: string;
}

/** Requests that each ask for something no earlier request asked for, so no cache can answer. */
export interface ColdRequests {
  measured: ColdRequest[];
  /** Other keys of the same kind: they warm the code path without warming the measured keys. */
  warmup: ColdRequest[];
}

export interface ColdKeys {
  /** Distinct seeded readers, each reading their first feed page once. */
  feed: ColdRequests;
  /** Profile pages of distinct handles, each once (rendered on the server). */
  profiles: ColdRequests;
  /** The first page of posts of the same handles, as the profile's API gives it. */
  profilePosts: ColdRequests;
}

/** The size of a cold run: 10,000 distinct readers and 10,000 distinct handles. */
export const COLD_KEYS = 10_000;
const WARMUP_KEYS = 500;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function split<T>(items: T[], measured: number): { measured: T[]; warmup: T[] } {
  return { measured: items.slice(0, measured), warmup: items.slice(measured) };
}

/**
 * Picks the readers and handles of the cold runs and signs the readers in. Readers are the seeded
 * ones (their power-law follow counts, not the named readers), in an order fixed by their ids'
 * hash; handles likewise, so busy and quiet suppliers mix as in real traffic. A network smaller
 * than the issue's size gives fewer keys (the report prints how many). Each session was last seen an
 * hour ago, as a reader coming back: the request also records that the session is in use again.
 */
export async function prepareColdKeys(db: Kysely<Database>, wanted = COLD_KEYS, now = Date.now()): Promise<ColdKeys> {
  const readers = await sql<{ id: string }>`
    select id from users where email like 'reader-%@bench.example' and email not like 'reader-follows-%'
      and email not like 'reader-quiet-%'
    order by md5(id::text) limit ${wanted + WARMUP_KEYS}`.execute(db);
  const tokens = readers.rows.map(() => randomBytes(32).toString('base64url'));
  await sql`
    insert into sessions (id, user_id, created_at, last_seen_at, expires_at)
    select s.id, s.user_id, ${now - DAY}::bigint, ${now - HOUR}::bigint, ${now + DAY}::bigint
    from unnest(${tokens.map((t) => createHash('sha256').update(t).digest('hex'))}::text[],
                ${readers.rows.map((r) => r.id)}::uuid[]) as s(id, user_id)`.execute(db);
  const handles = await sql<{ handle: string }>`
    select handle from handles order by md5(handle) limit ${wanted + WARMUP_KEYS}`.execute(db);

  const measured = (all: unknown[]) => Math.max(0, Math.min(wanted, all.length - WARMUP_KEYS));
  // The same handles in both profile runs: each reads every handle once, and neither keeps
  // anything the other reads (a rendered page and the API are cached under different keys).
  return {
    feed: split(
      tokens.map((token) => ({ path: '/api/feed', token })),
      measured(tokens),
    ),
    profiles: split(
      handles.rows.map((h) => ({ path: `/${h.handle}` })),
      measured(handles.rows),
    ),
    profilePosts: split(
      handles.rows.map((h) => ({ path: `/api/profiles/${h.handle}/posts` })),
      measured(handles.rows),
    ),
  };
}

const alternate = <T>(items: T[], parity: 0 | 1) => items.filter((_, i) => i % 2 === parity);

/**
 * The measured keys dealt alternately to the app and to the reference without the framework, so
 * neither reads what the other has just brought into the database's cache (the reference runs
 * after the app; with the same keys its every read was warm). The warm-up keys are shared.
 */
export function dealColdKeys(cold: ColdKeys): { app: ColdKeys; reference: Pick<ColdKeys, 'profiles' | 'feed'> } {
  const deal = (c: ColdRequests, parity: 0 | 1): ColdRequests => ({ measured: alternate(c.measured, parity), warmup: c.warmup });
  return {
    app: { feed: deal(cold.feed, 0), profiles: deal(cold.profiles, 0), profilePosts: cold.profilePosts },
    reference: { feed: deal(cold.feed, 1), profiles: deal(cold.profiles, 1) },
  };
}
