import { sql } from 'kysely';

/**
 * The words of a search as tsqueries (docs/decisions/0098), shared by the directory's name search
 * and the search of lists' current lines by item (docs/decisions/0163): both fold and split the
 * same way, and a typo finds the same word of directory_words.
 */

/** At most this many words of a search count; a longer query says no more. */
const MAX_WORDS = 8;
/**
 * The most matches one search reads and ranks: what it costs is bounded by this, whatever the words
 * (docs/decisions/0098). A search matching more ranks the first this many the index gives; the
 * pages (at most 50 of 20) reach exactly this far.
 */
export const RANKED_MATCHES = 1000;
/** Each word may also match up to this many similar words of the directory (typos). */
const ALTERNATIVES = 3;

/**
 * A search as three tsqueries, all words required in each: `exact`, each word as a prefix (what is
 * typed so far); `closest`, each word or the directory word most like it; `fuzzy`, each word or any
 * of the few most like it (by trigrams, pg_trgm). Matches are found by `fuzzy` and ranked by the
 * other two: the word as typed beats its closest spelling, which beats a farther one. Compound
 * lexemes ("green-valley") are left out: the parser also gives their parts, which carry the typos.
 */
export const searchQueries = (q: string) => sql`
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

/** A search's three tsqueries as text (`searchQueries`), resolved once for all of a search's statements. */
export interface SearchTerms {
  fuzzy: string | null;
  closest: string | null;
  exact: string | null;
}

/** The statement that resolves a search's words into its SearchTerms. */
export const searchTermsQuery = (q: string) => sql<SearchTerms>`
  select t.fuzzy::text as fuzzy, t.closest::text as closest, t.exact::text as exact from (${searchQueries(q)}) t`;

/**
 * SearchTerms as the relation `query` (fuzzy, closest, exact) of a statement. Sent as values, not
 * recomputed: the planner then sees the words, and its estimate of how many rows they match chooses
 * between the GIN index (a rare word) and reading rows until the limit is reached (a common one).
 */
export const searchTermsRelation = (terms: SearchTerms) => sql`
  select ${terms.fuzzy}::tsquery as fuzzy, ${terms.closest}::tsquery as closest, ${terms.exact}::tsquery as exact`;

/**
 * Every word of the area as a prefix, all required: "bristol" finds "Bristol, Avon", "bs1" finds
 * "BS1 4DJ". A word may also be one of the few directory words most like it (pg_trgm, as the
 * search's): "bristl" finds Bristol (#31).
 */
export const areaQuery = (area: string) => sql`(
  select to_tsquery('simple', string_agg('(' || g.terms || ')', ' & '))
  from (
    select w.lexeme, string_agg(t.term, ' | ') as terms
    from unnest(to_tsvector('simple', directory_fold(${area}))) w
    cross join lateral (
      select quote_literal(w.lexeme) || ':*' as term
      union all
      (select quote_literal(d.word) from directory_words d
       where char_length(w.lexeme) >= 3 and d.word % w.lexeme and not starts_with(d.word, w.lexeme)
       order by similarity(d.word, w.lexeme) desc, d.word
       limit ${sql.lit(ALTERNATIVES)})
    ) t
    group by w.lexeme
  ) g)`;
