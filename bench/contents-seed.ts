import { sql } from 'kysely';
import type { DB } from '../server/plugins/db';

/** Products a supplier's price list names, each in a few varieties: "Tomatoes San Marzano", "Burrata 125g". */
export const PRODUCTS = [
  'Tomatoes',
  'Burrata',
  'Mozzarella',
  'Ricotta',
  'Pecorino',
  'Parmesan',
  'Basil',
  'Courgettes',
  'Aubergines',
  'Peppers',
  'Lemons',
  'Oranges',
  'Apples',
  'Pears',
  'Plums',
  'Cherries',
  'Strawberries',
  'Raspberries',
  'Potatoes',
  'Onions',
  'Garlic',
  'Carrots',
  'Leeks',
  'Spinach',
  'Rocket',
  'Lettuce',
  'Fennel',
  'Artichokes',
  'Asparagus',
  'Mushrooms',
  'Olive oil',
  'Balsamic vinegar',
  'Flour',
  'Semolina',
  'Pasta',
  'Rice',
  'Lentils',
  'Chickpeas',
  'Butter',
  'Cream',
  'Eggs',
  'Yoghurt',
  'Salmon',
  'Cod',
  'Mussels',
  'Prawns',
  'Squid',
  'Chicken',
  'Lamb',
  'Pork belly',
] as const;
export const VARIETIES = [
  'San Marzano',
  'cherry',
  'heritage',
  'organic',
  'Sicilian',
  'Cornish',
  'smoked',
  'extra virgin',
  'wild',
  'baby',
  'large',
  'free range',
  'Amalfi',
  'Puglia',
  'Devon',
  'Kent',
  'Normandy',
  'Bramley',
  'Cox',
  'king',
] as const;

/**
 * Issue 30's bench size: every handle's newest list read, 100 current lines each (5,000,000 at
 * 50,000 handles), drawn from 1,000 product-variety pairs with prices, and a version holding them.
 * Set-based SQL, through the app's own triggers (each line's document, the directory's words, each
 * list's search document), as a restore would write them.
 */
export async function seedListContents(db: DB, linesPerList = 100): Promise<{ seconds: number; lines: number; lists: number }> {
  const started = performance.now();
  const products = sql.lit(`{${PRODUCTS.map((p) => `"${p}"`).join(',')}}`);
  const varieties = sql.lit(`{${VARIETIES.map((v) => `"${v}"`).join(',')}}`);
  await sql`
    insert into list_lines (list_id, hash, raw, item, price, currency, unit, current)
    select l.id, md5(l.id || ':' || g), named.item || ' | kg | ' || to_char(named.price, 'FM990.00'), named.item, named.price, 'EUR', 'kg', true
    from (
      select distinct on (user_id) id, user_id from lists order by user_id, created_at desc, id desc
    ) l
    cross join generate_series(1, ${linesPerList}) g
    cross join lateral (
      select (${varieties}::text[])[1 + (abs(hashint8(l.id * 1000 + g)) % ${VARIETIES.length})] || ' ' ||
             (${products}::text[])[1 + (abs(hashint8(l.id * 7919 + g * 31)) % ${PRODUCTS.length})] as item,
             round((1 + (abs(hashint8(l.id + g)) % 2000) / 100.0)::numeric, 2)::float8 as price
    ) named`.execute(db);
  await sql`
    insert into list_snapshots (list_id, user_id, seen_at, checked_at, state, format, line_ids)
    select l.list_id, li.user_id, ${Date.now()}, ${Date.now()}, 'read', 'xlsx', array_agg(l.id order by l.id)
    from list_lines l join lists li on li.id = l.list_id
    group by l.list_id, li.user_id`.execute(db);
  await sql`analyze list_lines`.execute(db);
  await sql`analyze list_snapshots`.execute(db);
  const counts = await sql<{ lines: string; lists: string }>`
    select count(*) as lines, count(distinct list_id) as lists from list_lines`.execute(db);
  return {
    seconds: (performance.now() - started) / 1000,
    lines: Number(counts.rows[0]?.lines ?? 0),
    lists: Number(counts.rows[0]?.lists ?? 0),
  };
}

/** The lists' contents, seeded with a line of progress before and after. */
export async function seedListContentsLogged(db: DB, log: (line: string) => void) {
  log(`contents: 100 current lines in each handle's newest list ...`);
  const seed = await seedListContents(db);
  log(`seeded ${seed.lines} lines in ${seed.lists} lists in ${seed.seconds.toFixed(1)} s`);
  return seed;
}
