import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/plugins/db';
import { freshDatabase } from '../../tests/fixtures/database';
import { aPost, aUser } from '../../tests/fixtures/factories';
import { down as downTo1700, up } from './1800-change-notices';
import { down as down2101, up as up2101 } from './2101-link-checks-notices';
import { down as down2450, up as up2450 } from './2450-snapshots-and-audience-name-their-handle';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.close());

const triggers = async () =>
  (
    await sql<{ name: string }>`select tgname as name from pg_trigger where not tgisinternal order by 1`.execute(handle.db)
  ).rows.map((r) => r.name);

describe('migration 1800 (change notices)', () => {
  it('goes down to the stored pages and the bare notices, and up again, with data in place', async () => {
    const farmer = await aUser(handle.db, { handle: 'down-farm' });
    await aPost(handle.db, farmer);
    const withNotices = await triggers();
    // Later tables on the notices of 1800 (list_snapshots, link_checks) go down first, as the migrator would take them.
    await handle.db.transaction().execute(async (trx) => {
      await down2450(trx);
      await down2101(trx);
      await downTo1700(trx);
    });
    const before = await triggers();
    expect(before).toEqual(expect.arrayContaining(['posts_notify_change', 'posts_pages_insert']));
    expect(before.some((name) => name.includes('_notice_'))).toBe(false);
    await handle.db.transaction().execute(async (trx) => {
      await up(trx);
      await up2101(trx);
      await up2450(trx);
    });
    expect(await triggers()).toEqual(withNotices);
    expect(await handle.db.selectFrom('posts').select('id').where('user_id', '=', farmer.id).execute()).toHaveLength(1);
  });
});
