import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type DB = Kysely<Database>;

const ADJECTIVES = [
  'Green',
  'Golden',
  'Old',
  'Little',
  'Wild',
  'Sunny',
  'Red',
  'Blue',
  'Silver',
  'North',
  'South',
  'East',
  'West',
  'Hill',
  'River',
  'Oak',
  'Willow',
  'Meadow',
  'Stone',
  'Harbour',
  'Valley',
  'Orchard',
  'Rose',
  'Maple',
  'Cedar',
  'Pine',
  'Brook',
  'Field',
  'Bay',
  'Cliff',
  'Forest',
  'Garden',
  'Honey',
  'Iron',
  'Lake',
  'Moor',
  'Mill',
  'Ridge',
  'Spring',
  'Summer',
  'Winter',
  'Autumn',
  'Copper',
  'Crown',
  'Eagle',
  'Fox',
  'Hawk',
  'Heather',
  'Ivy',
  'Juniper',
  'Lark',
  'Marsh',
  'Moss',
  'Owl',
  'Pebble',
  'Raven',
  'Sage',
  'Thistle',
  'Crème',
  'Château',
  'Müller',
  'Señor',
];
const KINDS = [
  'Farm',
  'Dairy',
  'Bakery',
  'Fisheries',
  'Butchers',
  'Brewery',
  'Café',
  'Bistro',
  'Kitchen',
  'Deli',
  'Market',
  'Grocers',
  'Orchards',
  'Creamery',
  'Roasters',
  'Wines',
  'Provisions',
  'Trading',
  'Supplies',
  'Catering',
  'Bar',
  'Tavern',
  'Larder',
  'Pantry',
  'Brasserie',
  'Pâtisserie',
  'Fromagerie',
  'Smokehouse',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'dor',
  'vel',
  'sha',
  'tor',
  'bri',
  'an',
  'el',
  'is',
  'ov',
  'ux',
  'ba',
  'ne',
  'qui',
  'zo',
  'har',
  'ley',
  'mont',
  'fer',
  'gal',
  'ric',
];
const PHRASES = [
  'Organic vegetables picked the morning we deliver',
  'Free-range eggs and seasonal fruit',
  'Sourdough, viennoiserie and cakes to order',
  'Day-boat fish and shellfish, landed daily',
  'Grass-fed beef, lamb and charcuterie',
  'Craft beer and cider from our own brewhouse',
  'Speciality coffee roasted every week',
  'Farmhouse cheese, butter and cream',
  'Dry goods, grains, flour and pulses in bulk',
  'Kitchen equipment, knives and service ware',
  'Event catering for up to 500 guests',
  'Natural wines and spirits for restaurants',
  'Small plates, long lunches and a short menu',
  'Fresh herbs, microgreens and edible flowers',
  'Smoked salmon, kippers and potted shrimp',
  'Wholesale prices for cafés and delis',
];
const TOWNS = [
  'Bristol',
  'Bath',
  'Frome',
  'Wells',
  'Taunton',
  'Exeter',
  'Plymouth',
  'Truro',
  'Cardiff',
  'Swansea',
  'Gloucester',
  'Cheltenham',
  'Oxford',
  'Reading',
  'London',
  'Brighton',
  'Lewes',
  'Canterbury',
  'Norwich',
  'Cambridge',
  'Leeds',
  'York',
  'Harrogate',
  'Manchester',
  'Liverpool',
  'Chester',
  'Ludlow',
  'Hereford',
  'Worcester',
  'Birmingham',
  'Nottingham',
  'Lincoln',
  'Sheffield',
  'Newcastle',
  'Durham',
  'Edinburgh',
  'Glasgow',
  'Aberdeen',
  'Inverness',
  'Belfast',
  'Lyon',
  'Bordeaux',
  'Nantes',
  'Lille',
  'Köln',
  'München',
  'Zürich',
  'Genève',
  'Málaga',
  'Córdoba',
];
const REGIONS = [
  'Somerset',
  'Avon',
  'Devon',
  'Cornwall',
  'Wales',
  'Kent',
  'Sussex',
  'Yorkshire',
  'Norfolk',
  'Scotland',
  'Bavaria',
  'Rhône',
];
const TRADES = [
  'produce',
  'meat',
  'fish',
  'dairy',
  'bakery',
  'beverages',
  'dry-goods',
  'equipment',
  'catering',
  'restaurant',
  'cafe',
  'bar',
  'shop',
  'other',
];

const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;
/** A random element of an array literal (1-based, as PostgreSQL counts). */
const pick = (values: string[]) => sql`(${textArray(values)})[1 + floor(random() * ${sql.lit(values.length)})::int]`;

/** A made-up family name of two or three syllables: tens of thousands of distinct words, as real names give. */
const familyName = sql`initcap(${pick(SYLLABLES)} || ${pick(SYLLABLES)} || case when random() < 0.5 then ${pick(SYLLABLES)} else '' end)`;

/**
 * Business profiles for the seeded suppliers (issue 15 §4: 50,000 handles with profiles): a name
 * from a family name, a place word and a kind of business; a bio of two phrases and a made-up word;
 * one to three trades; a town with its region, or a postcode. Set-based, so the directory's
 * triggers refresh all entries in one statement; its words table then holds ~the real vocabulary size.
 */
export async function seedProfiles(db: DB): Promise<{ seconds: number; words: number }> {
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`select setseed(0.17)`.execute(conn);
    await sql`
      update users set
        display_name = ${familyName} || '''s ' || ${pick(ADJECTIVES)} || ' ' || ${pick(KINDS)},
        description = ${pick(PHRASES)} || '. ' || ${pick(PHRASES)} || ', ' || lower(${familyName}) || ' style.',
        -- users.id in the array makes it a new array for each row (otherwise it is drawn once for all).
        trades = array(select distinct t from unnest(array[${pick(TRADES)}, ${pick(TRADES)}, ${pick(TRADES)}, users.id::text]) t
                       where t <> users.id::text order by t limit 1 + floor(random() * 3)::int),
        area = case when random() < 0.8 then ${pick(TOWNS)} || ', ' || ${pick(REGIONS)}
                    else upper(substr(md5(random()::text), 1, 2)) || (1 + floor(random() * 20))::int || ' '
                         || (1 + floor(random() * 9))::int || upper(substr(md5(random()::text), 1, 2)) end
      where email like 'supplier-%@bench.example'`.execute(conn);
  });
  // handles too: each profile written moved its handle's page version (migration 1600).
  for (const table of ['users', 'handles', 'directory_entries', 'directory_words']) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  const words = await sql<{ n: number }>`select count(*)::int as n from directory_words`.execute(db);
  return { seconds: (performance.now() - started) / 1000, words: words.rows[0]?.n ?? 0 };
}
