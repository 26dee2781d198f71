import webpush from 'web-push';
import { clockOf, minutesOf, type PushSubscriptionJson, type QuietHours } from '../../../core/quiet-hours';
import type { PushSettings } from '../../config-push';
import { badRequest } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { pushRepository } from './repository';

/** Devices one person may have opted in at once. */
export const MAX_DEVICES = 20;

/** What a push says: the mail's subject, a line, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** Quiet hours and web push (issue 41 §4, docs/decisions/0214). */
export function pushService(db: DB, settings: PushSettings | null) {
  const repo = pushRepository(db);
  const vapidDetails = settings && { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  return {
    /** Null: this process offers no push (production without keys on a process that sends no alerts). */
    publicKey: settings?.publicKey ?? null,

    async quietHours(userId: string, fallbackZone: string): Promise<QuietHours> {
      const row = await repo.quietHours(userId);
      if (!row) return { start: null, end: null, timeZone: fallbackZone };
      return {
        start: row.start === null ? null : clockOf(row.start),
        end: row.end === null ? null : clockOf(row.end),
        timeZone: row.timeZone,
      };
    },

    async setQuietHours(userId: string, q: QuietHours): Promise<QuietHours> {
      const toMinutes = (t: string | null) => (t === null ? null : minutesOf(t));
      await repo.setQuietHours(userId, { start: toMinutes(q.start), end: toMinutes(q.end), timeZone: q.timeZone }, Date.now());
      return this.quietHours(userId, q.timeZone);
    },

    async subscribe(userId: string, s: PushSubscriptionJson): Promise<void> {
      if ((await repo.count(userId)) >= MAX_DEVICES) {
        throw badRequest(`At most ${MAX_DEVICES} devices get notifications: turn them off on one you no longer use.`);
      }
      await repo.subscribe(userId, { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth }, Date.now());
    },

    unsubscribe: (userId: string, endpoint: string) => repo.unsubscribe(userId, endpoint),

    /**
     * Pushes a message to each device of the person. A device whose push service answers 404 or
     * 410 has gone: its subscription is removed. Other failures are left for the next message.
     * Returns how many devices took it.
     */
    async notify(userId: string, message: PushMessage): Promise<number> {
      if (!vapidDetails) return 0;
      const subscriptions = await repo.subscriptionsOf(userId);
      const payload = JSON.stringify(message);
      let delivered = 0;
      await Promise.all(
        subscriptions.map(async (s) => {
          try {
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
              vapidDetails,
              TTL: 24 * 60 * 60,
              timeout: 10_000,
              contentEncoding: 'aes128gcm',
            });
            delivered += 1;
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) await repo.forget(s.endpoint);
          }
        }),
      );
      return delivered;
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
