import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, aUser } from '../../../tests/fixtures/factories';
import type { DB } from '../../plugins/db';
import { type LineCache, lineCache } from './line-cache';
import { evaluateListAlerts } from './list-evaluation';
import { alertsService } from './service';

/**
 * The worker's cache of lines (docs/decisions/0226): a version evaluated from the lines kept by the
 * job of the version before tells and keeps exactly what an evaluation reading every line does.
 */
let t: TestApp;
const csv = (rows: string[]) => Buffer.from(`Item;Unit;Price (€)\n${rows.join('\n')}\n`, 'utf8');

const FIRST = ['Burrata 125g;piece;3,50', 'Ricotta 1kg;kg;8,00', 'Pecorino;kg;21,00', 'Basil;piece;1,20', 'Tomatoes;kg;2,40'];
// Prices moved (one under a threshold, one past 10 %), an item gone, one back and one new.
const SECOND = ['Burrata 125g;piece;2,90', 'Ricotta 1kg;kg;6,00', 'Basil;piece;1,20', 'Tomatoes;kg;2,40', 'Parmesan;kg;18,00'];

/** The version's evaluation in a transaction rolled back: how many fired, and the states and mails it left. */
async function evaluated(listId: number, versionId: number, kept: LineCache) {
  let outcome: unknown;
  await t.db
    .transaction()
    .execute(async (trx: DB) => {
      const fired = await evaluateListAlerts(trx, { listId, versionId }, { kept, now: 1 });
      const states = await sql`select alert_id, holds, reference, reference_basis from item_alert_states
        where list_id = ${listId} order by alert_id`.execute(trx);
      const mails = await sql`select user_id, payload from email_outbox where kind = 'item-alert' order by id`.execute(trx);
      outcome = { fired, states: states.rows, mails: mails.rows };
      throw new Error('rolled back');
    })
    .catch((error: Error) => expect(error.message).toBe('rolled back'));
  return outcome;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a version evaluated from the lines the worker kept', () => {
  it('tells and keeps what an evaluation reading every line does, reading only the new lines', async () => {
    const supplier = await aUser(t.db, { handle: 'kept-lines-farm', name: 'Kept Lines Farm' });
    const list = await aPost(t.db, supplier, { description: 'Kept lines' });
    const read = (rows: string[], fetchedAt: number) =>
      t.app.contents.recordFetchedFile({ listId: list.listId, postId: list.id, bytes: csv(rows), fetchedAt });
    await read(FIRST, 1);
    await t.app.jobs.runQueued();
    const alerts = alertsService(t.db);
    const buyer = await aUser(t.db);
    for (const alert of [
      { item: 'burrata', kind: 'under', threshold: 3, unit: null, currency: null },
      { item: 'ricotta', kind: 'moves', threshold: 10, unit: null, currency: null },
      { item: 'pecorino', kind: 'back', threshold: null, unit: null, currency: null },
      { item: 'parmesan', kind: 'back', threshold: null, unit: null, currency: null },
      { item: 'tomatos', kind: 'under', threshold: 3, unit: 'kg', currency: 'EUR' },
    ] as const) {
      await alerts.create(buyer.id, { ...alert, scope: 'all' });
    }
    const first = await sql<{ id: number }>`select id from list_snapshots where list_id = ${list.listId}`.execute(t.db);
    const kept = lineCache();
    await evaluated(list.listId, Number(first.rows[0]?.id), kept);
    expect(kept.size).toBe(FIRST.length);

    await read(SECOND, 2);
    const second = await sql<{ id: number }>`select max(id) as id from list_snapshots where list_id = ${list.listId}`.execute(
      t.db,
    );
    const versionId = Number(second.rows[0]?.id);
    const asRead: number[][] = [];
    // The cache the first version's job left, noting what it reads.
    const counting: LineCache = {
      ...kept,
      lines: (listId, ids, readLines) =>
        kept.lines(listId, ids, (missing) => {
          asRead.push(missing);
          return readLines(missing);
        }),
    };
    const fromKept = await evaluated(list.listId, versionId, counting);
    const fromAll = await evaluated(list.listId, versionId, lineCache());
    expect(fromKept).toEqual(fromAll);
    expect((fromKept as { fired: number }).fired).toBeGreaterThan(0);
    // Only the lines the first version did not have were read: two new prices and Parmesan.
    expect(asRead.map((ids) => ids.length)).toEqual([3]);
  });
});
