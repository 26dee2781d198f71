import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AlertSettingsTable, PushSubscriptionsTable } from '../../../db/schema-push';
import type { DB } from '../../plugins/db';
import { insertKeepingIds } from './restore-repository';

/**
 * The person's quiet hours and the devices they opted in to web push from (migration 2920,
 * docs/decisions/0214): both go with the person, so the backup holds them and a restore brings them back.
 *
 * Push subscriptions are restored too, ids and keys included: a restored person's devices may well
 * still be subscribed, it is the simplest, and the restore stays row for row. One that is dead by
 * then is removed at the first push (the push service answers 404/410), as any other is. An address
 * that moved to someone else since (the device changed hands) stays theirs. "Download my data" shows
 * the devices without their address and keys (export.ts): those let anyone push to the device.
 */
export type BackedUpAlertSettings = Omit<Selectable<AlertSettingsTable>, 'user_id'>;
export type BackedUpPushSubscription = Omit<Selectable<PushSubscriptionsTable>, 'user_id'>;

const minute = z.number().int().nullable();
export const alertSettingsBackupSchema: z.ZodType<BackedUpAlertSettings> = z.object({
  quiet_start: minute,
  quiet_end: minute,
  time_zone: z.string(),
  updated_at: z.number(),
});
export const pushSubscriptionBackupSchema: z.ZodType<BackedUpPushSubscription> = z.object({
  id: z.number(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  created_at: z.number(),
});

export function pushRowsRepository(db: DB) {
  return {
    async alertSettingsOf(userId: string): Promise<BackedUpAlertSettings | null> {
      const row = await db
        .selectFrom('alert_settings')
        .select(['quiet_start', 'quiet_end', 'time_zone', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },

    async pushSubscriptionsOf(userId: string): Promise<BackedUpPushSubscription[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Quiet hours the person set again since are kept as they are. */
    async insertAlertSettings(userId: string, settings: BackedUpAlertSettings | null): Promise<void> {
      if (!settings) return;
      await db
        .insertInto('alert_settings')
        .values({ ...settings, user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** The devices with their ids; an address someone holds now (or an id taken) is skipped. */
    async insertPushSubscriptions(userId: string, subscriptions: BackedUpPushSubscription[]): Promise<void> {
      await insertKeepingIds(
        db,
        'push_subscriptions',
        subscriptions.map((s) => ({ ...s, user_id: userId })),
      );
    },
  };
}
