import { sql } from 'kysely';
import { searchTermsQuery } from '../db/search-queries';
import type { DB } from '../server/plugins/db';
import { PRODUCTS, VARIETIES } from './contents-seed';

/**
 * Issue 41's alerts bench size (docs/decisions/0221): one supplier's public 5,000-line list, read
 * twice (the second version changes a tenth of its lines' prices, drops 100 lines and adds 100),
 * and 10,000 alerts of 1,000 people spread over the market's items, most of which the list sells.
 */
export const LIST_LINES = 5_000;
export const ALERTS = 10_000;
const PEOPLE = 1_000;

/** Items the market watches that this supplier does not sell: their alerts are not candidates. */
const ELSEWHERE = [
  'Truffles',
  'Saffron',
  'Quinces',
  'Figs',
  'Kale',
  'Celeriac',
  'Beetroot',
  'Radicchio',
  'Chicory',
  'Samphire',
  'Halibut',
  'Turbot',
  'Scallops',
  'Oysters',
  'Crab',
  'Lobster',
  'Duck',
  'Venison',
  'Pheasant',
  'Rabbit',
  'Gorgonzola',
  'Taleggio',
  'Fontina',
  'Stracciatella',
  'Mascarpone',
  'Pancetta',
  'Guanciale',
  'Prosciutto',
  'Bresaola',
  'Nduja',
  'Walnuts',
  'Hazelnuts',
  'Almonds',
  'Pistachios',
  'Chestnuts',
  'Apricots',
  'Peaches',
  'Nectarines',
  'Melons',
  'Grapes',
  'Polenta',
  'Farro',
  'Barley',
  'Oats',
  'Honey',
  'Capers',
  'Anchovies',
  'Sardines',
  'Octopus',
  'Clams',
];

/** A stable pseudo-random number in [0, 1) for `n` (the seed is the same every run). */
const rand = (n: number) => {
  const x = Math.sin(n * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/** The n-th line: "Burrata smoked 125g" in packs priced each, else per kg; a few in GBP, a few unpriced. */
function line(n: number, version: number) {
  const product = PRODUCTS[Math.floor(rand(n) * PRODUCTS.length)]!;
  const variety = VARIETIES[Math.floor(rand(n + 0.5) * VARIETIES.length)]!;
  const pack = [null, '125g', '250 g', '500g', '1kg', '2 kg', '750 ml', '6 pcs'][n % 8];
  const item = pack ? `${product} ${variety} ${pack}` : `${product} ${variety}`;
  const base = 1 + Math.round(rand(n + 0.25) * 3000) / 100;
  // The second version moves a tenth of the prices by up to ±30 %.
  const moved = version === 2 && n % 10 === 3 ? Math.round(base * (0.7 + rand(n + 0.75) * 0.6) * 100) / 100 : base;
  const price = n % 50 === 7 ? null : moved;
  return { item, price, currency: n % 20 === 11 ? 'GBP' : 'EUR', unit: pack ? 'piece' : 'kg' };
}

/** A version's lines: 1..5,000 in the first; the second drops 100 (n % 50 = 0) and adds 100 past the end. */
const versionLines = (version: 1 | 2) =>
  version === 1
    ? Array.from({ length: LIST_LINES }, (_, i) => i + 1)
    : [
        ...Array.from({ length: LIST_LINES }, (_, i) => i + 1).filter((n) => n % 50 !== 0),
        ...Array.from({ length: 100 }, (_, i) => LIST_LINES + 1 + i),
      ];

/** Stores a version as the contents service does: new lines once (by hash), the snapshot, then `current`. */
async function storeVersion(db: DB, list: { id: number; userId: string; postId: number }, version: 1 | 2): Promise<number> {
  const rows = versionLines(version).map((n) => ({ n, ...line(n, version) }));
  const hash = (r: (typeof rows)[number]) => `alerts-bench:${r.n}:${r.price}`;
  await sql`
    insert into list_lines (list_id, hash, raw, item, price, currency, unit, current)
    select ${list.id}, r.hash, r.raw, r.item, r.price, r.currency, r.unit, false
    from unnest(${rows.map(hash)}::text[], ${rows.map((r) => `${r.item} | ${r.unit} | ${r.price ?? ''}`)}::text[],
      ${rows.map((r) => r.item)}::text[], ${rows.map((r) => r.price)}::float8[], ${rows.map((r) => r.currency)}::text[],
      ${rows.map((r) => r.unit)}::text[]) r(hash, raw, item, price, currency, unit)
    where not exists (select 1 from list_lines l where l.list_id = ${list.id} and l.hash = r.hash)`.execute(db);
  const { rows: snapshot } = await sql<{ id: number }>`
    insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, format, line_ids)
    select ${list.id}, ${list.userId}, ${list.postId}, ${version}, ${version}, 'read', 'csv',
      array_agg(l.id order by l.id)
    from list_lines l where l.list_id = ${list.id} and l.hash = any(${rows.map(hash)}::text[])
    returning id`.execute(db);
  const versionId = Number(snapshot[0]!.id);
  await sql`
    update list_lines set current = not current
    where list_id = ${list.id} and current is distinct from (id in (
      select unnest(line_ids) from list_snapshots where id = ${versionId}))`.execute(db);
  return versionId;
}

/**
 * What people type: a product (six in ten), a variety and a product (three in ten), or a product
 * with a letter dropped (one in ten); popular products far more often (the n-th about 1/n as often).
 * Two in ten of the products named are not sold by this supplier.
 */
function alertItem(k: number): string {
  const elsewhere = rand(k + 0.1) < 0.2;
  const names = elsewhere ? ELSEWHERE : PRODUCTS;
  const product = names[Math.min(names.length - 1, Math.floor(names.length ** rand(k + 0.2)) - 1)]!.toLowerCase();
  const shape = rand(k + 0.3);
  if (shape < 0.6) return product;
  if (shape < 0.9) return `${VARIETIES[Math.floor(rand(k + 0.4) * VARIETIES.length)]!.toLowerCase()} ${product}`;
  const at = 1 + Math.floor(rand(k + 0.5) * (product.length - 2));
  return product.slice(0, at) + product.slice(at + 1);
}

/** The k-th alert's condition: back (4 in 10), under a price (per kg or as written), or moves 10 %. */
function alertRule(k: number) {
  const r = rand(k + 0.6);
  if (r < 0.4) return { kind: 'back', threshold: null, unit: null, currency: null };
  if (r < 0.75)
    return {
      kind: 'under',
      threshold: 5 + Math.round(rand(k + 0.7) * 20),
      unit: r < 0.6 ? 'kg' : null,
      currency: r < 0.7 ? null : 'EUR',
    };
  return { kind: 'moves', threshold: 10, unit: null, currency: null };
}

export interface AlertsSeed {
  listId: number;
  versionIds: [number, number];
  people: number;
  alerts: number;
  distinctItems: number;
  seconds: number;
}

/** The supplier, its list's first version, the people and their alerts; the second version is stored by `storeSecondVersion`. */
export async function seedAlerts(db: DB): Promise<AlertsSeed> {
  const started = performance.now();
  const supplier = await sql<{ id: string }>`
    insert into users (email, display_name, created_at) values ('alerts-bench@bench.example', 'Alerts Bench Farm', 0)
    returning id`.execute(db);
  const userId = supplier.rows[0]!.id;
  await sql`insert into handles (handle, user_id, created_at) values ('alerts-bench', ${userId}, 0)`.execute(db);
  const made = await sql<{ id: number }>`
    insert into lists (user_id, slug, name, created_at, audience) values (${userId}, 'prices', 'Prices', 0, 'public')
    returning id`.execute(db);
  const listId = Number(made.rows[0]!.id);
  const post = await sql<{ id: number }>`
    insert into posts (user_id, handle, list_id, url, description, created_at)
    values (${userId}, 'alerts-bench', ${listId}, 'https://drive.google.com/file/d/alerts-bench/view', 'Prices', 0)
    returning id`.execute(db);
  const list = { id: listId, userId, postId: Number(post.rows[0]!.id) };
  const first = await storeVersion(db, list, 1);

  const people = await sql<{ id: string }>`
    insert into users (email, display_name, created_at)
    select 'alerts-bench-' || g || '@bench.example', 'Watcher ' || g, 0 from generate_series(1, ${PEOPLE}) g
    returning id`.execute(db);
  const ids = people.rows.map((r) => r.id);
  // Half of them follow the supplier: a 'following' alert of the other half is out of scope.
  await sql`
    insert into follows (follower_id, handle, followed_at)
    select u, 'alerts-bench', 0 from unnest(${ids.filter((_, i) => i % 2 === 0)}::uuid[]) u`.execute(db);

  // Each distinct item's words as the app resolves them (typos forgiven from the directory's words).
  const items = Array.from({ length: ALERTS }, (_, k) => alertItem(k));
  const distinct = [...new Set(items)];
  const queries = new Map<string, string>();
  for (const item of distinct) {
    const { rows } = await searchTermsQuery(item).execute(db);
    queries.set(item, rows[0]!.fuzzy!);
  }
  const alerts = items.map((item, k) => ({ item, query: queries.get(item)!, userId: ids[k % PEOPLE]!, ...alertRule(k) }));
  const col = <T>(f: (a: (typeof alerts)[number]) => T) => alerts.map(f);
  // One alert of an item, kind, threshold and scope a person: a repeat is left out, as the API refuses it.
  await sql`
    insert into item_alerts (user_id, item, query, kind, threshold, unit, currency, scope, created_at)
    select a.user_id, a.item, a.query::tsquery, a.kind, a.threshold, a.unit, a.currency, a.scope, 0
    from unnest(${col((a) => a.userId)}::uuid[], ${col((a) => a.item)}::text[], ${col((a) => a.query)}::text[],
      ${col((a) => a.kind)}::text[], ${col((a) => a.threshold)}::numeric[], ${col((a) => a.unit)}::text[],
      ${col((a) => a.currency)}::text[], ${alerts.map((_, k) => (rand(k + 0.8) < 0.2 ? 'following' : 'all'))}::text[])
      a(user_id, item, query, kind, threshold, unit, currency, scope)
    on conflict do nothing`.execute(db);
  // The words each is found by, as alertsRepository.insert keeps them.
  await sql`
    insert into item_alert_words (word, prefix, alert_id)
    select distinct replace(m[1], '''''', ''''), m[2] is not null, a.id
    from item_alerts a cross join lateral regexp_matches(a.query::text, '''((?:[^'']|'''')+)''(:\\*)?', 'g') m
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);
  const count = await sql<{ n: string }>`select count(*) as n from item_alerts`.execute(db);
  return {
    listId,
    versionIds: [first, 0],
    people: PEOPLE,
    alerts: Number(count.rows[0]!.n),
    distinctItems: distinct.length,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The second version: a tenth of the prices moved, 100 lines gone and 100 new. */
export async function storeSecondVersion(db: DB, seed: AlertsSeed): Promise<number> {
  const owner = await sql<{ userId: string; postId: number }>`
    select li.user_id as "userId", p.id as "postId" from lists li join posts p on p.list_id = li.id where li.id = ${seed.listId}`.execute(
    db,
  );
  const { userId, postId } = owner.rows[0]!;
  const id = await storeVersion(db, { id: seed.listId, userId, postId: Number(postId) }, 2);
  await sql`analyze`.execute(db);
  return id;
}
