import '../../../db/schema-push';
import type { DB } from '../../plugins/db';

/** All SQL of quiet hours and push subscriptions (docs/decisions/0214). */
export function pushRepository(db: DB) {
  return {
    quietHours(userId: string) {
      return db
        .selectFrom('alert_settings')
        .select(['quiet_start as start', 'quiet_end as end', 'time_zone as timeZone'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async setQuietHours(userId: string, q: { start: number | null; end: number | null; timeZone: string }, now: number) {
      const values = { quiet_start: q.start, quiet_end: q.end, time_zone: q.timeZone, updated_at: now };
      await db
        .insertInto('alert_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** A device's subscription: a push address already known moves to this person (the device changed hands). */
    async subscribe(userId: string, s: { endpoint: string; p256dh: string; auth: string }, now: number) {
      await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...s, created_at: now })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
        .execute();
    },

    async unsubscribe(userId: string, endpoint: string) {
      await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
    },

    /** The push service said the subscription is gone (404/410). */
    async forget(endpoint: string) {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    },

    subscriptionsOf(userId: string) {
      return db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
