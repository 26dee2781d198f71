import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeTriggers } from '../db/change-notices';
import { buildTestApp, type TestApp } from '../tests/fixtures/app';
import { aFollow, aPost, aUser, type TestPost, type TestUser } from '../tests/fixtures/factories';

/**
 * The invariants that keep cached reads true (docs/architecture.md, "what invalidates what"),
 * checked against the database and the reads themselves rather than kept by hand:
 * - every table a cached read shows has change notices;
 * - every column of those tables notifies, except the few declared as shown nowhere, and changing
 *   one of those leaves every cached read as it was.
 * A new table or column shown on a public page fails here until it is covered.
 */
let webRoot: string;
let t: TestApp;
let farm: TestUser;
let reader: TestUser;
let post: TestPost;

/**
 * Tables a cached read shows whose changes send no notice yet, each with how the reads of it stay
 * true meanwhile. Shorten this list, never lengthen it: a table belongs to a migration that calls
 * noticeChanges (docs/architecture.md).
 */
const UNHEARD: Record<string, string> = {
  list_search:
    'word searches on /explore and /compare are kept 10 s at most (directory/routes.ts, compare/routes.ts); a 22xx migration owes its notices',
  // Lines change only with a snapshot of their list (a reading, a removed version), whose notice drops
  // /compare (filed under table:list_snapshots); list_search is kept from them by its triggers.
  list_lines:
    'read by /compare beside list_search, and kept 10 s at most the same way (compare/routes.ts); owed with list_search',
};

/** Every read the server caches, as a visitor or a signed-in reader asks for it. */
const cachedReads = () => [
  { url: '/cover-farm' },
  { url: '/follow/cover-farm' },
  { url: '/explore' },
  { url: '/explore?trade=produce&area=cover' },
  { url: '/explore?q=cover' },
  { url: '/compare?item=cover' },
  { url: '/api/profiles/cover-farm/posts' },
  { url: `/cover-farm/lists/${post.listSlug}` },
  { url: '/api/connect/cover-farm' },
  { url: '/api/feed', cookie: reader.cookie },
  { url: '/api/auth/me', cookie: reader.cookie },
  { url: '/cover-farm/feed.xml' },
  { url: `/qr/cover-farm/lists/${post.listSlug}/card.png` },
];

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-read-coverage-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title></head><body><div id="root"></div></body></html>',
  );
  // Nothing cached: every request runs its reads.
  t = await buildTestApp({ READ_CACHE_ENTRIES: '0' }, { webRoot });
  farm = await aUser(t.db, { handle: 'cover-farm', name: 'Cover Farm' });
  reader = await aUser(t.db);
  await aFollow(t.db, reader, 'cover-farm');
  post = await aPost(t.db, farm, { description: 'Covered list' });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** What every cached read answers, by URL. */
async function answers(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { url, cookie } of cachedReads()) {
    const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, url).toBeLessThan(400);
    out[url] = res.body;
  }
  return out;
}

/** The tables a statement reads (its from and join clauses). */
const tablesIn = (text: string) => [...text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1]!);

async function triggersOf(): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table: string; trigger: string }>`
    select c.relname as "table", g.tgname as "trigger" from pg_trigger g join pg_class c on c.oid = g.tgrelid`.execute(t.db);
  const byTable = new Map<string, Set<string>>();
  for (const row of rows) byTable.set(row.table, (byTable.get(row.table) ?? new Set()).add(row.trigger));
  return byTable;
}

describe('what cached reads show is covered by change notices', () => {
  it('has notices on every table a cached read reads', async () => {
    const statements: string[] = [];
    const changes = t.shared.changes;
    const seeStatement = changes.sawStatement.bind(changes);
    changes.sawStatement = (compiled) => {
      statements.push(compiled.sql);
      seeStatement(compiled);
    };
    try {
      await answers();
    } finally {
      changes.sawStatement = seeStatement;
    }
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public'`.execute(t.db);
    const tables = new Set(rows.map((r) => r.name));
    const read = [...new Set(statements.flatMap(tablesIn))].filter((name) => tables.has(name)).sort();
    expect(read).toEqual(expect.arrayContaining(['handles', 'posts', 'users']));
    const triggers = await triggersOf();
    // Covered: notices that name what changed, or (tables made after migration 1800 the older way)
    // a notice that names the table, for reads filed under `table:<name>`.
    const covered = (table: string) =>
      noticeTriggers(table).every((name) => triggers.get(table)?.has(name)) || triggers.get(table)?.has(`${table}_notify_change`);
    const uncovered = read.filter((table) => !covered(table) && !(table in UNHEARD));
    expect(uncovered).toEqual([]);
  });

  it('notifies for every column but the few shown nowhere, and changing those changes no cached read', async () => {
    const { rows } = await sql<{ table: string; definition: string }>`
      select c.relname as "table", pg_get_triggerdef(g.oid) as definition
      from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname like '%\\_notice\\_update'`.execute(t.db);
    expect(rows.length).toBeGreaterThan(5);
    const unshown: Array<[table: string, column: string]> = [];
    for (const { table, definition } of rows) {
      // The row before and after, whole, minus the listed columns: any other column notifies.
      expect(definition, table).toMatch(
        /WHEN \(+to_jsonb\(old\.\*\) - ARRAY\[[^\]]*\]\) IS DISTINCT FROM \(to_jsonb\(new\.\*\) - ARRAY\[/,
      );
      const list = /ARRAY\[([^\]]*)\]/.exec(definition)![1]!;
      for (const [, column] of list.matchAll(/'([^']*)'::text/g)) if (column) unshown.push([table, column]);
    }
    expect(unshown).toEqual(
      expect.arrayContaining([
        ['posts', 'open_count'],
        ['sessions', 'last_seen_at'],
      ]),
    );

    const before = await answers();
    for (const [table, column] of unshown) {
      const { rows: types } = await sql<{ type: string }>`
        select data_type as type from information_schema.columns where table_name = ${table} and column_name = ${column}`.execute(
        t.db,
      );
      const type = types[0]?.type ?? '';
      const change = /int|numeric/.test(type)
        ? sql`${sql.ref(column)} + 1`
        : /char|text/.test(type)
          ? sql`${sql.ref(column)} || 'x'`
          : type === 'boolean'
            ? sql`not ${sql.ref(column)}`
            : null;
      expect(change, `teach this test how to change ${table}.${column} (${type})`).not.toBeNull();
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${change}`.execute(t.db);
    }
    expect(await answers()).toEqual(before);
  });
});
