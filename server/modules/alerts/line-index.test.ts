import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidingLines } from '../../../core/item-alert-lines';
import { freshDatabase } from '../../../tests/fixtures/database';
import type { DatabaseHandle } from '../../plugins/db';
import { type IndexedLine, lineIndex, parseQuery } from './line-index';

/**
 * The index finds, for each alert's query, the lines the database's own `document @@ query` finds
 * (then keeps those that decide a condition), and leaves to the database what it cannot read.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const ITEMS = [
  'Burrata 125g',
  'Burrata smoked 250 g',
  'Buratta di Puglia',
  'Mozzarella di bufala',
  'Tomatoes San Marzano 1kg',
  'Cherry tomatoes',
  "L'olio extra virgin 750 ml",
  'Pecorino Romano',
  'Smoked salmon',
  'Crème fraîche',
  'Ricotta',
  'Rice arborio 1kg',
];

const QUERIES = [
  "'burrata':*",
  "'burrata':* | 'buratta'",
  "'smoked':* & ( 'burrata':* | 'buratta' )",
  "( 'tomatoes':* | 'tomato' ) & 'cherry':*",
  "'ric':*",
  "'rice'",
  "'creme':* & 'fraiche':*",
  "'l''olio':* | 'olio':*",
  "'di' & ( 'puglia':* | 'bufala':* )",
  "'nothing':*",
];

describe('matching alerts by the index of a list’s words', () => {
  it('finds what the database finds, and keeps the lines that decide', async () => {
    const { rows } = await sql<{ id: number; item: string; words: string[] }>`
      select i as id, item, tsvector_to_array(to_tsvector('simple', directory_fold(item))) as words
      from unnest(${ITEMS}::text[]) with ordinality t(item, i) order by i`.execute(database.db);
    const lines: IndexedLine[] = rows.map((r, n) => ({
      id: Number(r.id),
      item: r.item,
      raw: r.item,
      price: 1 + (n % 4),
      currency: n % 3 === 0 ? 'GBP' : 'EUR',
      unit: null,
      words: r.words,
    }));
    const index = lineIndex(lines);
    for (const query of QUERIES) {
      const matched = await sql<{ id: number }>`
        select i as id from unnest(${ITEMS}::text[]) with ordinality t(item, i)
        where to_tsvector('simple', directory_fold(item)) @@ ${query}::tsquery order by i`.execute(database.db);
      const expected = decidingLines(lines.filter((l) => matched.rows.some((m) => Number(m.id) === l.id)));
      expect({ query, ids: index.deciding(query)?.map((l) => l.id) }).toEqual({ query, ids: expected.map((l) => l.id) });
    }
  });

  it('matches an alert’s query as the database prints it', async () => {
    const { rows } = await sql<{ query: string }>`
      select ('(''smoked'':* | ''smoky'') & ''it''''s''')::tsquery::text as query`.execute(database.db);
    expect(parseQuery(rows[0]!.query)).toEqual({
      all: [
        {
          any: [
            { lexeme: 'smoked', prefix: true },
            { lexeme: 'smoky', prefix: false },
          ],
        },
        { lexeme: "it's", prefix: false },
      ],
    });
  });

  it('leaves to the database the queries it cannot read', () => {
    const index = lineIndex([]);
    for (const query of ["!'burrata'", "'burrata' <-> 'smoked'", "'burrata':*A", "'a' & ", "( 'a'", "'back\\\\slash'"])
      expect({ query, found: index.deciding(query) }).toEqual({ query, found: null });
  });
});
