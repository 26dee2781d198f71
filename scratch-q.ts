import { sql } from 'kysely';
import { openDatabase } from './server/plugins/db';
const h = await openDatabase({ dataDir: process.argv[2]!, listen: false });
const db = h.db;
const q = process.argv[3]!;
const r = await sql`
  with words as (select w.lexeme as word from unnest(to_tsvector('simple', directory_fold(${q}))) w where position('-' in w.lexeme) = 0 order by w.positions[1] limit 8),
  alternatives as (
    select word, quote_literal(word) || ':*' as term from words
    union all
    select words.word, quote_literal(s.word) from words cross join lateral (
      select d.word from directory_words d where char_length(words.word) >= 3 and d.word % words.word and d.word <> words.word
      order by similarity(d.word, words.word) desc, d.word limit 3) s),
  grouped as (select word, string_agg(term, ' | ') as terms from alternatives group by word)
  select to_tsquery('simple', string_agg('(' || terms || ')', ' & '))::text as fuzzy, to_tsquery('simple', string_agg(quote_literal(word) || ':*', ' & '))::text as exact from grouped`.execute(db);
console.log(r.rows);
const { fuzzy, exact } = r.rows[0] as any;
const top = await sql`select e.handle, u.display_name, ts_rank(e.document, ${exact}::tsquery) re, ts_rank(e.document, ${fuzzy}::tsquery) rf, e.document::text from directory_entries e join users u on u.id = e.user_id where e.document @@ ${fuzzy}::tsquery order by ts_rank(e.document, ${exact}::tsquery) + ts_rank(e.document, ${fuzzy}::tsquery) desc limit 5`.execute(db);
console.log(top.rows);
const ex = await sql`explain analyze select e.handle from directory_entries e where e.document @@ ${fuzzy}::tsquery order by ts_rank(e.document, ${exact}::tsquery) + ts_rank(e.document, ${fuzzy}::tsquery) desc limit 21`.execute(db);
console.log(ex.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
await h.close();
