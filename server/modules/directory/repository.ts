import { type RawBuilder, sql } from 'kysely';
import type { DB } from '../../plugins/db';

export interface DirectoryRow {
  handle: string;
  displayName: string;
  logoVersion: string | null;
  trades: string[];
  area: string | null;
  lastPostAt: number | null;
  followerCount: number;
  following: boolean;
  isOwner: boolean;
}

export interface DirectorySearch {
  /** Search text as typed (folded and split by the database, like the documents). */
  q: string | null;
  trade: string | null;
  area: string | null;
  viewerId: string | null;
  limit: number;
  offset: number;
}

/** At most this many words of a search count; a longer query says no more. */
const MAX_WORDS = 8;
/**
 * The most matches one search reads and ranks: what it costs is bounded by this, whatever the words
 * (docs/decisions/0098). A search matching more ranks the first this many the index gives; the
 * pages (at most 50 of 20) reach exactly this far.
 */
const RANKED_MATCHES = 1000;
/** Each word may also match up to this many similar words of the directory (typos). */
const ALTERNATIVES = 3;

/**
 * A search as three tsqueries, all words required in each: `exact`, each word as a prefix (what is
 * typed so far); `closest`, each word or the directory word most like it; `fuzzy`, each word or any
 * of the few most like it (by trigrams, pg_trgm). Matches are found by `fuzzy` and ranked by the
 * other two: the word as typed beats its closest spelling, which beats a farther one. Compound
 * lexemes ("green-valley") are left out: the parser also gives their parts, which carry the typos.
 */
const searchQueries = (q: string) => sql`
  with words as (
    select w.lexeme as word
    from unnest(to_tsvector('simple', directory_fold(${q}))) w
    where position('-' in w.lexeme) = 0
    order by w.positions[1]
    limit ${sql.lit(MAX_WORDS)}
  ),
  alternatives as (
    select word, quote_literal(word) || ':*' as term, 0 as place from words
    union all
    select words.word, quote_literal(similar_word.word), similar_word.place from words cross join lateral (
      select d.word, row_number() over (order by similarity(d.word, words.word) desc, d.word) as place
      from directory_words d
      where char_length(words.word) >= 3 and d.word % words.word and not starts_with(d.word, words.word)
      order by similarity(d.word, words.word) desc, d.word
      limit ${sql.lit(ALTERNATIVES)}
    ) similar_word
  ),
  grouped as (
    select word, string_agg(term, ' | ') as terms, string_agg(term, ' | ') filter (where place <= 1) as closest
    from alternatives group by word
  )
  select to_tsquery('simple', string_agg('(' || terms || ')', ' & ')) as fuzzy,
         to_tsquery('simple', string_agg('(' || closest || ')', ' & ')) as closest,
         to_tsquery('simple', string_agg(quote_literal(word) || ':*', ' & ')) as exact
  from grouped`;

/** Every word of the area as a prefix, all required: "bristol" finds "Bristol, Avon", "bs1" finds "BS1 4DJ". */
const areaQuery = (area: string) => sql`(
  select to_tsquery('simple', string_agg(quote_literal(w.lexeme) || ':*', ' & '))
  from unnest(to_tsvector('simple', directory_fold(${area}))) w)`;

/** All SQL of the directory: reads of directory_entries (kept by triggers, db/migrations/1201-directory.ts). */
export function directoryRepository(db: DB) {
  return {
    async search(search: DirectorySearch): Promise<DirectoryRow[]> {
      const filters: RawBuilder<unknown>[] = [sql`true`];
      if (search.trade) filters.push(sql`e.trades @> array[${search.trade}]::text[]`);
      if (search.area) filters.push(sql`e.area_document @@ ${areaQuery(search.area)}`);
      const where = sql.join(filters, sql` and `);
      // The page is chosen on directory_entries alone; names, logos and follows are read for its rows only.
      const order = search.q
        ? sql`e.rank desc, e.follower_count desc, e.last_post_at desc nulls last, e.handle`
        : sql`e.last_post_at desc nulls last, e.handle`;
      const entry = sql`e.handle, e.user_id, e.trades, e.follower_count, e.last_post_at`;
      const page = search.q
        ? sql`
            with query as (${searchQueries(search.q)})
            select * from (
              select ${entry},
                ts_rank(e.document, q.exact) + ts_rank(e.document, q.closest) as rank
              from query q
              join directory_entries e on e.document @@ q.fuzzy
              where ${where}
              limit ${sql.lit(RANKED_MATCHES)}
            ) e
            order by ${order}
            limit ${search.limit} offset ${search.offset}`
        : sql`
            select ${entry}
            from directory_entries e
            where ${where}
            order by ${order}
            limit ${search.limit} offset ${search.offset}`;
      const query = sql<DirectoryRow>`
        select e.handle, u.display_name as "displayName", l.version as "logoVersion", e.trades, u.area,
          e.last_post_at as "lastPostAt", e.follower_count as "followerCount",
          e.user_id = ${search.viewerId}::uuid as "isOwner",
          exists (select 1 from follows f where f.follower_id = ${search.viewerId}::uuid
                  and f.handle = e.handle and f.followed_user_id = e.user_id) as "following"
        from (${page}) e
        join users u on u.id = e.user_id
        left join profile_logos l on l.user_id = e.user_id
        order by ${order}`;
      const { rows } = await query.execute(db);
      return rows.map((row) => ({ ...row, isOwner: row.isOwner === true, following: row.following === true }));
    },
  };
}
