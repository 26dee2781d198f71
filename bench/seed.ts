import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { SeedSizes } from './options';

type DB = Kysely<Database>;

const DAY = 24 * 60 * 60 * 1000;
/** Posts and follows spread over the two years before the seed ran. */
export const SEED_SPAN_MS = 2 * 365 * DAY;
/**
 * Activity and popularity fall off with a handle's rank r as (r + OFFSET)^-EXPONENT: with the
 * default sizes the busiest supplier has ~8,800 posts (12 a day), rank 100 ~1,300, rank 1,000
 * ~120, the median handle 3 and the quietest 1 or 2; the top 1% write half of all posts.
 */
const ACTIVITY_EXPONENT = 1.1;
const RANK_OFFSET = 20;
/** Follow counts of unnamed readers: Pareto with minimum 2 and this tail index, capped. */
const FOLLOW_TAIL_INDEX = 1.1;
const FOLLOW_MINIMUM = 2;
const FOLLOW_CAP = 5_000;

export const supplierHandle = (rank: number) => `supplier-${rank}`;
export const namedReaderEmail = (follows: number) => `reader-follows-${follows}@bench.example`;

export interface NamedReader {
  follows: number;
  userId: string;
  email: string;
  /** How many posts the reader's whole feed holds. */
  feedPosts: number;
}

export interface SeededNetwork {
  /** Epoch ms: posts fall in [start, end). */
  start: number;
  end: number;
  namedReaders: NamedReader[];
  /** The most active supplier (rank 1). */
  busiestHandle: string;
  counts: { users: number; handles: number; posts: number; follows: number };
  seconds: number;
}

/**
 * Builds a network in a fresh, migrated database with set-based SQL (no row per round trip):
 * suppliers with approved handles and skewed activity, posts over two years inserted in time
 * order (so ids grow with time, as in real use), readers whose follow counts follow a power law
 * and lean towards popular handles, and named readers following exactly the given numbers of
 * handles. Runs on one pinned connection so the seeded random generator makes the same network.
 */
export async function seedNetwork(db: DB, sizes: SeedSizes, now = Date.now()): Promise<SeededNetwork> {
  const started = performance.now();
  const end = now;
  const start = end - SEED_SPAN_MS;
  const { handles, posts, readers } = sizes;
  const followCap = Math.min(FOLLOW_CAP, handles);

  // One transaction on one pinned connection: the seeded random generator makes the same network,
  // and the temporary table of generated posts lives until the commit.
  await db.transaction().execute(async (conn) => {
    await sql`select setseed(0.42)`.execute(conn);

    await sql`
      insert into users (email, display_name, created_at)
      select 'supplier-' || i || '@bench.example', 'Supplier ' || i, ${start}::bigint - ${DAY}::bigint
      from generate_series(1, ${handles}::int) as i`.execute(conn);
    await sql`
      insert into handles (handle, user_id, created_at)
      select split_part(email, '@', 1), id, created_at from users where email like 'supplier-%@bench.example'`.execute(conn);

    // Each rank's share of the posts is F(r) - F(r-1) with F the floored cumulative share, so
    // the shares add up to exactly the requested number.
    await sql`
      create temporary table seed_posts on commit drop as
      select user_id, handle, url, description, created_at from (
        select h.user_id, h.handle,
          'https://drive.google.com/file/d/' || md5(h.handle || ':' || k) || '/view' as url,
          (array['Weekly price list', 'Fresh catch of the day', 'Seasonal menu', 'Wholesale catalogue',
                 'Cheese board and wine list', 'Organic vegetables, this week', 'Bakery order sheet',
                 'Spring tasting menu with pairings'])[1 + floor(random() * 8)::int] || ', update ' || k as description,
          ${start}::bigint + floor(random() * ${SEED_SPAN_MS}::float8)::bigint as created_at
        from (
          select rank, (cut - coalesce(lag(cut) over (order by rank), 0))::int as n
          from (
            select rank,
              case when rank = ${handles}::int then ${posts}::float8
                   else floor(${posts}::float8 * sum(w) over (order by rank) / sum(w) over ()) end as cut
            from (select rank, power(rank + ${RANK_OFFSET}::float8, -${ACTIVITY_EXPONENT}::float8) as w
                  from generate_series(1, ${handles}::int) as rank) weights
          ) cuts
        ) shares
        join handles h on h.handle = 'supplier-' || shares.rank
        cross join lateral generate_series(1, shares.n) as k
      ) generated`.execute(conn);
    await insertListsAndPosts(conn);

    await sql`
      insert into users (email, display_name, created_at)
      select 'reader-' || i || '@bench.example', 'Reader ' || i, ${start}::bigint
      from generate_series(1, ${readers}::int) as i`.execute(conn);

    // Rank drawn with probability proportional to 1 / (rank + offset): the inverse of its CDF.
    const popularRank = sql`least(${handles}::int, greatest(1, floor(
        ${1 + RANK_OFFSET}::float8 * power(${(handles + RANK_OFFSET) / (1 + RANK_OFFSET)}::float8, random())
        - ${RANK_OFFSET}::float8 + 1)::int))`;
    await insertFollows(sql`
      select r.id as follower_id, 'supplier-' || ${popularRank} as handle,
        ${start}::bigint + floor(random() * ${SEED_SPAN_MS}::float8)::bigint as followed_at
      from (
        select id, least(${followCap}::int,
          floor(${FOLLOW_MINIMUM}::float8 * power(1 - random(), -1 / ${FOLLOW_TAIL_INDEX}::float8)))::int as n
        from users where email like 'reader-%@bench.example'
      ) r
      cross join lateral generate_series(1, r.n) as k`).execute(conn);

    for (const follows of sizes.namedFollows) {
      const email = namedReaderEmail(follows);
      await sql`
        insert into users (email, display_name, created_at)
        values (${email}, ${`Reader following ${follows}`}, ${start}::bigint)`.execute(conn);
      // Weighted sampling without replacement (Efraimidis–Spirakis): the n smallest keys
      // Exp(1) / weight give exactly n distinct handles, popular ones more likely.
      await insertFollows(sql`
        select (select id from users where email = ${email}) as follower_id, 'supplier-' || rank as handle,
          ${start}::bigint + floor(random() * ${SEED_SPAN_MS}::float8)::bigint as followed_at
        from (
          select rank from generate_series(1, ${handles}::int) as rank
          order by -ln(1 - random()) * (rank + ${RANK_OFFSET}::float8)
          limit ${follows}::int
        ) picked`).execute(conn);
    }
  });

  // Fresh statistics and visibility map: the planner and index-only scans see the real data.
  for (const table of ['users', 'handles', 'lists', 'posts', 'follows']) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }

  const named = await sql<{ email: string; id: string; follows: number; feed_posts: number }>`
    select u.email, u.id,
      (select count(*) from follows f where f.follower_id = u.id)::int as follows,
      (select count(*) from follows f join posts p on p.handle = f.handle and p.newest where f.follower_id = u.id)::int as feed_posts
    from users u where u.email like 'reader-follows-%@bench.example'`.execute(db);
  const counts = await sql<{ users: number; handles: number; posts: number; follows: number }>`
    select (select count(*) from users)::int as users, (select count(*) from handles)::int as handles,
      (select count(*) from posts)::int as posts, (select count(*) from follows)::int as follows`.execute(db);

  const namedReaders = sizes.namedFollows.map((follows) => {
    const row = named.rows.find((r) => r.email === namedReaderEmail(follows));
    if (!row) throw new Error(`named reader following ${follows} is missing`);
    return { follows: row.follows, userId: row.id, email: row.email, feedPosts: row.feed_posts };
  });
  return {
    start,
    end,
    namedReaders,
    busiestHandle: supplierHandle(1),
    counts: counts.rows[0]!,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The share of posts that are earlier versions of a list (issue 17 asks the bench for 20%). */
export const EARLIER_VERSION_SHARE = 0.2;

/**
 * Groups the generated posts into lists (docs/decisions/0101): in each handle's posts by time, a
 * post continues the handle's previous list with probability EARLIER_VERSION_SHARE, else starts
 * one. The draw is a hash of the post's link, not random(): the seeded generator's sequence, and so
 * the follows drawn after, stay what they were before lists, so runs before and after compare. The last post of each list is its newest version, so about that share of all posts are
 * earlier versions, folded in feeds and profiles. Posts go in by time, so ids grow with time.
 */
async function insertListsAndPosts(conn: DB): Promise<void> {
  await sql`
    create temporary table seed_versions on commit drop as
    select *, sum(case when continues then 0 else 1 end) over (partition by handle order by created_at, seq) as list_no
    from (
      select g.*, row_number() over (order by created_at) as seq,
        (abs(hashtext(g.url)) % 1000 < ${Math.round(EARLIER_VERSION_SHARE * 1000)}::int
          and row_number() over (partition by handle order by created_at) > 1) as continues
      from seed_posts g
    ) marked`.execute(conn);
  await sql`
    insert into lists (user_id, slug, name, created_at)
    select user_id, 'list-' || list_no, 'List ' || list_no, min(created_at)
    from seed_versions group by user_id, list_no`.execute(conn);
  await sql`
    insert into posts (user_id, handle, list_id, newest, url, description, created_at)
    select v.user_id, v.handle, l.id, v.seq = max(v.seq) over (partition by v.user_id, v.list_no), v.url, v.description, v.created_at
    from seed_versions v join lists l on l.user_id = v.user_id and l.slug = 'list-' || v.list_no
    order by v.created_at, v.seq`.execute(conn);
}

/**
 * Inserts (follower_id, handle, followed_at) rows, skipping repeats; a follow also records whom
 * it followed (the handle's holder), as the app's follow does.
 */
const insertFollows = (rows: RawBuilder<unknown>) => sql`
  insert into follows (follower_id, handle, followed_at, followed_user_id)
  select f.follower_id, f.handle, f.followed_at, h.user_id from (${rows}) f join handles h on h.handle = f.handle
  on conflict do nothing`;

/**
 * A reader who follows the `follows` least active suppliers: the worst case for designs that scan
 * recent posts of everyone and keep the followed ones. Used by the what-if part only.
 */
export async function addQuietReader(db: DB, handles: number, follows: number, now = Date.now()): Promise<NamedReader> {
  const email = `reader-quiet-${follows}@bench.example`;
  const user = await db
    .insertInto('users')
    .values({ email, display_name: `Quiet reader following ${follows}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertFollows(sql`
    select ${user.id}::uuid as follower_id, 'supplier-' || rank as handle, ${now}::bigint as followed_at
    from generate_series(${handles - follows + 1}::int, ${handles}::int) as rank`).execute(db);
  const feed = await sql<{ n: number }>`
    select count(*)::int as n from follows f join posts p on p.handle = f.handle and p.newest where f.follower_id = ${user.id}::uuid`.execute(
    db,
  );
  return { follows, userId: user.id, email, feedPosts: feed.rows[0]?.n ?? 0 };
}

/** A live session for the user, made directly in the database; returns the cookie's token. */
export async function createSession(db: DB, userId: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: createHash('sha256').update(token).digest('hex'),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + DAY,
    })
    .execute();
  return token;
}
