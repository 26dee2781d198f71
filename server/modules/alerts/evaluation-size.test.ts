import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, aUser, type TestPost } from '../../../tests/fixtures/factories';
import { evaluateListAlerts } from './list-evaluation';
import { alertMatchingRepository } from './matching-repository';

/**
 * The issue's size (docs/decisions/0209): 10,000 alerts against one new version of a 2,000-line list.
 * A version evaluates only the alerts whose words occur in its lines, found by the index of words.
 */
let t: TestApp;
let list: TestPost;
const LINES = 2000;
const ALERTS = 10_000;
/** 20,000 item words; the list holds the first 2,000 of them (a tenth of the alerts' words). */
const word = (i: number) => `item${i}word`;

beforeAll(async () => {
  t = await buildTestApp();
  const supplier = await aUser(t.db, { handle: 'size-farm', name: 'Size Farm' });
  list = await aPost(t.db, supplier, { description: 'Size list' });
  const rows = Array.from({ length: LINES }, (_, i) => `${word(i)} fresh;kg;${(2 + (i % 50) / 10).toFixed(2)}`);
  await t.app.contents.recordFetchedFile({
    listId: list.listId,
    postId: list.id,
    bytes: Buffer.from(`Item;Unit;Price (€)\n${rows.join('\n')}\n`),
    fetchedAt: 1,
  });
  await t.app.jobs.runQueued();
  // 200 people with 50 alerts each (the most a person may have), on 20,000 words.
  for (let person = 0; person < ALERTS / 50; person++) {
    const user = await aUser(t.db);
    const values = Array.from({ length: 50 }, (_, k) => {
      const n = person * 50 + k;
      const kind = (['back', 'under', 'moves'] as const)[n % 3];
      const threshold = kind === 'back' ? null : kind === 'under' ? 4 : 10;
      const w = word((n * 7) % 20000);
      return sql`(${user.id}::uuid, ${w}, to_tsquery('simple', ${`'${w}':*`}), ${kind}, ${threshold}::numeric,
        ${kind === 'under' ? 'kg' : null}, 'all', 1)`;
    });
    await sql`insert into item_alerts (user_id, item, query, kind, threshold, unit, scope, created_at)
      values ${sql.join(values)}`.execute(t.db);
  }
  await sql`insert into item_alert_words (word, prefix, alert_id) select item, true, id from item_alerts`.execute(t.db);
  await sql`analyze`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

describe('10,000 alerts against one new version', () => {
  it('evaluates only the alerts whose words the lines hold, and tells each that holds once', async () => {
    const { alerts } = await alertMatchingRepository(t.db).evaluationInput(list.listId);
    const inList = Array.from({ length: ALERTS }, (_, n) => (n * 7) % 20000).filter((w) => w < LINES).length;
    expect(alerts).toHaveLength(inList);
    const times: number[] = [];
    let fired = 0;
    for (let round = 0; round < 3; round++) {
      // Rolled back each round, so every round evaluates from nothing kept.
      await t.db
        .transaction()
        .execute(async (trx) => {
          const started = performance.now();
          fired = await evaluateListAlerts(trx, { listId: list.listId, versionId: 1 });
          times.push(performance.now() - started);
          throw new Error('rolled back');
        })
        .catch((error: Error) => expect(error.message).toBe('rolled back'));
    }
    console.info(`item alerts: ${ALERTS} alerts, ${LINES} lines: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    // 'back' holds for every candidate, 'under 4 €/kg' for the lines priced 2.00 to 3.90; 'moves' keeps a first price.
    expect(fired).toBeGreaterThan(inList / 3);
  });
});
