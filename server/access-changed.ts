import type { DB } from './plugins/db';

/**
 * Who may be told of an owner's lists changed: queues `item-alerts-access` in `trx`, the transaction
 * of the change (docs/decisions/0231). `userId` null: every person (a list's audience).
 */
export type AccessChanged = (change: { ownerId: string; userId: string | null }, trx: DB) => Promise<void>;
