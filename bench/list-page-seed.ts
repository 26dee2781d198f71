import { sql } from 'kysely';
import type { DB } from '../server/plugins/db';
import { PRODUCTS, VARIETIES } from './contents-seed';

/** Issue 39's list: one supplier, one list, its newest version read as 5,000 lines. */
export const LIST_PAGE_LINES = 5_000;
/** As many moves as a version stores (ADR 0206), so the first rows show arrows as a busy list's do. */
const STORED_MOVES = 300;
/** A section heading (a line with no price) every so many lines, as a sheet's "Dairy", "Fish" rows. */
const SECTION_EVERY = 50;
const PACKS = ['kg', '500 g', '250 g', 'each', '6 x 1L', 'box of 12', 'bunch', '125g'];

export interface ListPageSeed {
  handle: string;
  slug: string;
  /** The list's own page, as a browser asks for it. */
  path: string;
  lines: number;
}

/**
 * A supplier with a business card and one public list whose newest version holds LIST_PAGE_LINES
 * lines (items in packs with prices, a heading every SECTION_EVERY lines) and the 300 largest price
 * moves stored with it: what the list page reads and renders. Set-based SQL, through the app's
 * triggers, on a database of its own.
 */
export async function seedListPage(db: DB): Promise<ListPageSeed> {
  const handle = 'list-page-bench';
  const slug = 'prices';
  const { rows } = await sql<{ id: string }>`
    insert into users (email, display_name, created_at) values ('list-page@bench.example', 'Harbour Lane Provisions', 0)
    returning id`.execute(db);
  const supplierId = rows[0]!.id;
  await sql`insert into handles (handle, user_id, created_at) values (${handle}, ${supplierId}, 0)`.execute(db);
  const list = await sql<{ id: number }>`
    insert into lists (user_id, slug, name, created_at, audience) values (${supplierId}, ${slug}, 'Weekly prices', 0, 'public')
    returning id`.execute(db);
  const listId = Number(list.rows[0]!.id);
  const now = Date.now();
  const post = await sql<{ id: number }>`
    insert into posts (user_id, handle, list_id, url, description, created_at)
    values (${supplierId}, ${handle}, ${listId}, 'https://drive.google.com/file/d/list-page-bench/view',
      'Fruit, vegetables, dairy and fish for restaurants, delivered Tuesday and Friday', ${now - 3_600_000})
    returning id`.execute(db);
  const products = sql.lit(`{${PRODUCTS.map((p) => `"${p}"`).join(',')}}`);
  const varieties = sql.lit(`{${VARIETIES.map((v) => `"${v}"`).join(',')}}`);
  const packs = sql.lit(`{${PACKS.map((p) => `"${p}"`).join(',')}}`);
  const lines = await sql<{ ids: string[] }>`
    with l as (
      insert into list_lines (list_id, hash, raw, item, price, currency, unit, place, current)
      select ${listId}, md5('list-page-bench:' || g),
        case when heading then section
             else named.item || ' | ' || named.pack || ' | ' || to_char(named.price, 'FM990.00') || ' €' end,
        case when heading then null else named.item end,
        case when heading then null else named.price end,
        case when heading then null else 'EUR' end,
        case when heading then null else named.pack end,
        section, true
      from generate_series(1, ${LIST_PAGE_LINES}) g
      cross join lateral (
        select g % ${SECTION_EVERY} = 1 as heading,
          (${products}::text[])[1 + (g / ${SECTION_EVERY}) % ${PRODUCTS.length}] as section,
          (${varieties}::text[])[1 + g % ${VARIETIES.length}] || ' ' ||
            (${products}::text[])[1 + (g / ${SECTION_EVERY}) % ${PRODUCTS.length}] as item,
          (${packs}::text[])[1 + g % ${PACKS.length}] as pack,
          round((0.5 + (abs(hashint8(g)) % 4000) / 100.0)::numeric, 2)::float8 as price
      ) named
      returning id, item, price
    ) select array_agg(id order by id) as ids from l`.execute(db);
  const lineIds = lines.rows[0]!.ids.map(Number);
  // The largest moves first, as the reader stores them: every sixteenth priced line, up or down.
  await sql`
    insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, format, line_ids, changes)
    select ${listId}, ${supplierId}, ${Number(post.rows[0]!.id)}, ${now - 3_600_000}, ${now}, 'read', 'xlsx',
      ${lineIds}::bigint[],
      (select jsonb_agg(jsonb_build_object('kind', 'price', 'item', m.item, 'before', m.before, 'after', m.price,
          'change', m.price - m.before, 'percent', round(((m.price - m.before) / m.before * 100)::numeric, 1))
          order by abs(m.price - m.before) desc)
       from (
         select item, price, round((price * case when id % 32 = 0 then 0.9 else 1.12 end)::numeric, 2)::float8 as before
         from list_lines where list_id = ${listId} and item is not null and id % 16 = 0
         order by id limit ${STORED_MOVES}
       ) m)`.execute(db);
  await sql`analyze list_lines`.execute(db);
  await sql`analyze list_snapshots`.execute(db);
  return { handle, slug, path: `/${handle}/lists/${slug}`, lines: lineIds.length };
}
