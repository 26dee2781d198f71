import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aReadVersion } from '../tests/fixtures/contents-rows';
import { testDatabaseKind } from '../tests/fixtures/database';
import { anEmailTrail } from '../tests/fixtures/email-rows';
import {
  aChatForm,
  aDeletedUser,
  aFollow,
  aHandleRequest,
  anInvite,
  anInviteRequest,
  aPost,
  aSubmission,
  aUser,
} from '../tests/fixtures/factories';
import { aLinkCheck } from '../tests/fixtures/link-check-rows';
import { aVersion } from '../tests/fixtures/list-rows';
import { anAnswerLink, anItemAlert, anOrder, anOrderBlock } from '../tests/fixtures/order-rows';
import { aPushSubscription, quietHours } from '../tests/fixtures/push-rows';
import { everyTable as snapshot } from '../tests/fixtures/tables';
import { freshPostgresDatabase } from '../tests/reliability/server-process';
import { BackupError, type BackupTarget, backupDatabase, restoreDatabase } from './backup';
import { recordAdminAction } from './modules/audit/service';
import { type DB, migrateToLatest, openDatabase } from './plugins/db';

/**
 * Backup and restore (issue 10, point 9): a database with a row in every table goes through
 * `npm run backup` and `npm run restore`'s functions into a new, empty place, and every table
 * comes back row for row. Runs on the project's database kind (PGlite folder dump, or pg_dump).
 */
const kind = testDatabaseKind();
const work = mkdtempSync(join(tmpdir(), 'freshlist-backup-'));
const cleanups: Array<() => Promise<void> | void> = [() => rmSync(work, { recursive: true, force: true })];

async function newTarget(name: string): Promise<BackupTarget> {
  if (kind === 'pglite') return { kind, dataDir: join(work, name) };
  const database = await freshPostgresDatabase();
  cleanups.push(database.drop);
  return { kind, databaseUrl: database.url };
}

const open = (target: BackupTarget) =>
  openDatabase(target.kind === 'postgres' ? { databaseUrl: target.databaseUrl, dataDir: 'unused' } : { dataDir: target.dataDir });

async function seed(database: DB): Promise<void> {
  const admin = await aUser(database, { admin: true, email: 'admin@example.com' });
  // Deleting runs its own transaction; the rest is one commit (one flush on the durable PGlite).
  await aDeletedUser(database, admin, { handle: 'gone-bakery' });
  await database.transaction().execute((db) => seedRows(db, admin));
}

async function seedRows(db: DB, admin: { id: string; email: string }): Promise<void> {
  const supplier = await aUser(db, { handle: 'backup-farm', name: 'Backup Farm ✓ <b>' });
  const reader = await aUser(db);
  const first = await aPost(db, supplier, { description: 'Week 0 — prices 🥕', createdAt: 1_700_000_000_000 });
  for (let i = 1; i < 25; i++)
    await aPost(db, supplier, { description: `Week ${i} — prices 🥕`, createdAt: 1_700_000_000_000 + i });
  // A list with a second version, and a removed post (lists and removed_posts, migration 1300).
  const second = await aVersion(db, supplier, first, { createdAt: 1_700_000_000_100, validUntil: '2026-10-31' });
  await aLinkCheck(db, second, supplier.id);
  // The owner's "check now" and what it found (migration 2520).
  await db
    .insertInto('check_now_presses')
    .values({ list_id: second.listId, pressed_at: 5, settled_at: 6, outcome: JSON.stringify({ kind: 'unchanged' }) })
    .execute();
  // What Freshlist read in that list's file (issue 30): a version and its lines.
  await aReadVersion(db, supplier, second, ['Tomatoes 2,40 €'], 1_700_000_000_200);
  // An order from it (migration 2700) and an item alert on it (migration 2800).
  const order = await anOrder(db, reader, supplier, second);
  await anAnswerLink(db, order);
  await anOrderBlock(db, supplier, reader);
  await anItemAlert(db, reader, second.listId);
  // The price per unit an alert evaluation kept for that list's line (migration 2990).
  const line = await db.selectFrom('list_lines').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('item_alert_line_values')
    .values({ line_id: Number(line.id), amount: 2.4, unit: 'piece' })
    .execute();
  // What the list's last evaluation read (migration 3030).
  await db
    .insertInto('item_alert_evaluations')
    .values({ list_id: second.listId, line_ids: [Number(line.id)], last_alert_id: 1, evaluated_at: 7 })
    .execute();
  // The reader's quiet hours and a device they get pushes on (migration 2920).
  await quietHours(db, reader);
  await aPushSubscription(db, reader);
  await db
    .insertInto('removed_posts')
    .values({ id: 999_000_002, user_id: supplier.id, handle: 'backup-farm', removed_at: 3 })
    .execute();
  await aFollow(db, reader, 'backup-farm');
  // A trade-only list, sealed in trade_contents, and the reader's approved access (migration 2400).
  await aPost(db, supplier, { description: 'Trade prices 🥕', createdAt: 1_700_000_000_300, audience: 'trade' });
  await db
    .insertInto('trade_requests')
    .values({ owner_id: supplier.id, member_id: reader.id, business_name: 'Reader Deli', state: 'approved', created_at: 4 })
    .execute();
  // A released handle's hold (migration 2300).
  await db
    .insertInto('handle_holds')
    .values({ handle: 'backup-held', former_user_id: reader.id, released_at: 1, held_until: 2 })
    .execute();
  await db
    .updateTable('users')
    .set({ trades: ['produce', 'cafe'], area: 'Brück' })
    .where('id', '=', supplier.id)
    .execute();
  await db
    .insertInto('profile_logos')
    .values({
      user_id: supplier.id,
      image: Buffer.from([0, 1, 254, 255]),
      content_type: 'image/webp',
      width: 256,
      height: 256,
      version: 'v1',
      updated_at: 3,
    })
    .execute();
  await anEmailTrail(db, reader, 'backup-farm');
  await anInvite(db, { handle: 'invited-deli', email: 'deli@example.com', createdBy: admin.id });
  await anInviteRequest(db, reader, 'reader-deli');
  await aHandleRequest(db, reader, 'reader-shop');
  const formId = await aChatForm(db, supplier);
  await aSubmission(db, formId, { name: 'Ana', order: 'Ten crates' });
  await recordAdminAction(db, {
    actor: { id: admin.id, email: admin.email },
    action: 'note.edit',
    target: 'tier-system-overview',
  });
  await db
    .insertInto('admin_notes')
    .values({
      slug: 'tier-system-overview',
      body: '## Tiers',
      updated_by: admin.id,
      updated_by_email: admin.email,
      updated_at: 1,
    })
    .execute();
  await db
    .insertInto('analytics_events')
    .values({
      name: 'follow',
      path: '/backup-farm',
      user_id: reader.id,
      payload: JSON.stringify({ handle: 'backup-farm' }),
      created_at: 2,
    })
    .execute();
}

let source: BackupTarget;
let original: Record<string, string[]>;
const backupFile = join(work, 'freshlist.backup');
beforeAll(async () => {
  source = await newTarget('source');
  const database = await open(source);
  try {
    await migrateToLatest(database.db);
    await seed(database.db);
    original = await snapshot(database.db);
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`backup and restore (${kind})`, () => {
  it('seeds a row in every table, so the comparison covers them all', () => {
    const empty = Object.entries(original).filter(([name, rows]) => rows.length === 0 && name !== 'kysely_migration_lock');
    expect(empty).toEqual([]);
    expect(Object.keys(original)).toEqual(expect.arrayContaining(['users', 'posts', 'follows', 'sessions', 'deleted_users']));
  });

  it('round-trips every table row for row into a new, empty place', async () => {
    await backupDatabase(source, backupFile);
    const copy = await newTarget('restored');
    await restoreDatabase(copy, backupFile);
    const database = await open(copy);
    try {
      expect(await snapshot(database.db)).toEqual(original);
      // The restored database is live, not a museum piece: nothing to migrate, ids continue.
      expect(await migrateToLatest(database.db)).toEqual([]);
      const supplier = await database.db
        .selectFrom('users')
        .select('id')
        .where('display_name', 'like', 'Backup Farm%')
        .executeTakeFirstOrThrow();
      const post = await aPost(database.db, { id: supplier.id, handle: 'backup-farm' });
      const highest = Math.max(...original.posts!.map((row) => (JSON.parse(row) as { id: number }).id));
      expect(post.id).toBeGreaterThan(highest);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses to restore over an existing database', async () => {
    await expect(restoreDatabase(source, backupFile)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(source, backupFile)).rejects.toThrow(
      kind === 'pglite' ? /is not empty; restore into a new folder/ : /pg_restore failed/,
    );
    if (kind === 'pglite') return;
    // pg_restore ran in one transaction: nothing it did before failing stays in the source.
    const database = await open(source);
    try {
      expect(await snapshot(database.db)).toEqual(original);
    } finally {
      await database.close();
    }
  }, 120_000);
});
