import type { Generated } from 'kysely';

/** Quiet hours and web push (db/migrations/2920-quiet-hours-and-push.ts, docs/decisions/0214). */

/** Epoch milliseconds, as in the spec. */
type Millis = number;

/** A person's quiet hours: minutes of the day in their time zone; both ends or neither. */
export interface AlertSettingsTable {
  user_id: string;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  updated_at: Millis;
}

/** A device that opted in to push: where its push service takes messages, and its keys (RFC 8291). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Millis;
}

declare module './schema' {
  interface Database {
    alert_settings: AlertSettingsTable;
    push_subscriptions: PushSubscriptionsTable;
  }
}
