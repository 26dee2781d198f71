import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewItemAlert } from '../../../core/item-alert';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { randomOf } from '../../../tests/fixtures/seeded-random';
import type { DB } from '../../plugins/db';
import { type LineCache, lineCache } from './line-cache';
import { evaluateListAlerts } from './list-evaluation';
import { alertsService } from './service';

/**
 * Item alerts read by change (docs/decisions/0231): a version's job that reads only the alerts
 * whose outcome its lines can change keeps, tells and leaves exactly what an evaluation of every
 * alert the lines concern does, version after version: prices moving over and back under
 * thresholds, items going and coming back, repeated versions, new and resumed alerts, a new follow,
 * from the facts a worker kept and from none.
 */
let t: TestApp;
const csv = (rows: string[]) => Buffer.from(`Item;Unit;Price (€)\n${rows.join('\n')}\n`, 'utf8');

const ITEMS: Array<[string, string]> = [
  ['Burrata 125g', ''],
  ['Burrata 250g', ''],
  ['Ricotta 1kg', ''],
  ['Ricotta fresca', 'kg'],
  ['Pecorino romano', 'kg'],
  ['Tomatoes San Marzano', 'kg'],
  ['Cherry tomatoes 500g', ''],
  ['Basil', 'piece'],
  ['Olive oil 750 ml', ''],
  ['Parmesan', 'kg'],
];

/** A version: each item present three times in four, at a price near its last (now and then a jump). */
function versionOf(random: () => number, prices: number[]): string[] {
  const rows: string[] = [];
  ITEMS.forEach(([item, unit], i) => {
    const move = random();
    if (move < 0.3) prices[i] = Math.max(0.5, Math.round((prices[i] ?? 5) * (0.75 + random() * 0.5) * 100) / 100);
    if (random() < 0.75) rows.push(`${item};${unit};${(prices[i] ?? 5).toFixed(2).replace('.', ',')}`);
  });
  return rows;
}

/** A rule: back, under a price (as written, per kg, l or piece, in any currency or in euros) or moves. */
function ruleOf(random: () => number): Omit<NewItemAlert, 'item' | 'scope'> {
  const kind = random();
  if (kind < 0.25) return { kind: 'back', threshold: null, unit: null, currency: null };
  if (kind < 0.75) {
    const unit = ([null, 'kg', 'l', 'piece'] as const)[Math.floor(random() * 4)] ?? null;
    const threshold =
      Math.round((unit === null ? 1 + random() * 8 : unit === 'piece' ? 0.5 + random() * 4 : 4 + random() * 40) * 4) / 4;
    return { kind: 'under', threshold, unit, currency: random() < 0.5 ? null : 'EUR' };
  }
  return { kind: 'moves', threshold: 1 + Math.floor(random() * 20), unit: null, currency: null };
}
const WATCHED = ['burrata', 'ricotta', 'pecorino', 'tomatoes', 'cherry tomatoes', 'basil', 'olive oil', 'parmesan', 'mozarella'];

/** The states kept on the list and the item-alert mails queued after `sinceMail`. */
async function outcome(db: DB, listId: number, sinceMail: number) {
  const states = await sql`select alert_id, holds, reference, reference_basis from item_alert_states
    where list_id = ${listId} order by alert_id`.execute(db);
  const mails = await sql`select user_id, payload from email_outbox where kind = 'item-alert' and id > ${sinceMail}
    order by user_id, payload->>'alertId'`.execute(db);
  return { states: states.rows, mails: mails.rows };
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a version that reads only the alerts it can change', () => {
  it('keeps and tells what an evaluation of every alert does, version after version', async () => {
    const supplier = await aUser(t.db, { handle: 'changing-dairy', name: 'Changing Dairy' });
    const list = await aPost(t.db, supplier, { description: 'Changing prices' });
    const random = randomOf(41);
    const prices = ITEMS.map(() => Math.round((1 + random() * 20) * 100) / 100);
    let fetchedAt = 1;
    const read = async (rows: string[]) => {
      await t.app.contents.recordFetchedFile({ listId: list.listId, postId: list.id, bytes: csv(rows), fetchedAt: fetchedAt++ });
      const { rows: last } = await sql<{
        id: number;
      }>`select max(id) as id from list_snapshots where list_id = ${list.listId}`.execute(t.db);
      return Number(last[0]?.id);
    };
    const alerts = alertsService(t.db);
    const people: TestUser[] = [];
    const follower = await aUser(t.db);
    await aFollow(t.db, follower, 'changing-dairy');
    const stranger = await aUser(t.db);
    people.push(follower, stranger);
    const ids: number[] = [];
    const addAlerts = async (person: TestUser, count: number) => {
      for (let k = 0; k < count; k++) {
        const rule = ruleOf(random);
        const item = WATCHED[Math.floor(random() * WATCHED.length)] as string;
        const scope = random() < 0.4 ? 'following' : 'all';
        try {
          ids.push((await alerts.create(person.id, { ...rule, item, scope })).id);
        } catch {
          // The same alert twice is refused: one fewer.
        }
      }
    };
    await read(versionOf(random, prices));
    await addAlerts(follower, 45);
    await addAlerts(stranger, 45);

    let kept: LineCache = lineCache();
    let now = 1_000;
    let fired = 0;
    let alertsRead = 0;
    for (let version = 0; version < 14; version++) {
      // Between versions: a repeated version, new alerts, a pause and a resume, a follow, a forgetful worker.
      const rows = version % 5 === 4 ? null : versionOf(random, prices);
      const versionId = rows ? await read(rows) : 0;
      if (version === 3) await addAlerts(follower, 5);
      if (version === 6) {
        await t.db.updateTable('item_alerts').set({ paused: true }).where('id', 'in', ids.slice(0, 6)).execute();
      }
      if (version === 8) {
        for (const id of ids.slice(0, 6)) await alerts.setPaused(follower.id, id, false, now);
        await t.app.inject(as(stranger, { method: 'PUT', url: '/api/follows/changing-dairy' }));
        await t.app.jobs.runQueued();
      }
      if (version === 10) kept = lineCache();
      now += 1_000;
      const job = { listId: list.listId, versionId };
      const { rows: mail } = await sql<{ id: number | null }>`select max(id) as id from email_outbox`.execute(t.db);
      const sinceMail = Number(mail[0]?.id ?? 0);

      let whole: unknown;
      await t.db
        .transaction()
        .execute(async (trx) => {
          await evaluateListAlerts(trx, job, { kept: lineCache(), whole: true, now });
          whole = await outcome(trx, list.listId, sinceMail);
          throw new Error('rolled back');
        })
        .catch((error: Error) => expect(error.message).toBe('rolled back'));
      const byChange = await t.db.transaction().execute(async (trx) => {
        fired += await evaluateListAlerts(trx, job, {
          kept,
          now,
          trace: (phase, count) => {
            if (phase === 'alerts read') alertsRead += count ?? 0;
          },
        });
        return outcome(trx, list.listId, sinceMail);
      });
      expect(byChange, `version ${version}`).toEqual(whole);
    }
    // The versions did cross: mails went, and fewer alerts were read than an evaluation of every one reads.
    expect(fired).toBeGreaterThan(5);
    expect(alertsRead).toBeLessThan(14 * ids.length);
    // Whatever a version's own job does next changes nothing: every queued job finds nothing to tell.
    const { rows: mail } = await sql<{ id: number | null }>`select max(id) as id from email_outbox`.execute(t.db);
    await t.app.jobs.runQueued();
    expect((await outcome(t.db, list.listId, Number(mail[0]?.id ?? 0))).mails).toEqual([]);
    // Twenty-eight evaluations and a hundred alerts created through the service: a loaded host needs more than the default.
  }, 120_000);
});
