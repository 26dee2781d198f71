import { sql } from 'kysely';
import type { DB } from '../../plugins/db';
import { handOutInstantMails, type InstantQueue } from './instant-hand-out';

const NEW_POSTS: InstantQueue = {
  table: 'email_list_batches',
  column: 'post_ids',
  kind: 'list-update',
  topicPrefix: 'list:',
  payloadKey: 'posts',
};

/** Instant list mails: a handle's posts wait in one row until the worker hands them out (docs/decisions/0141). */
export function listBatchesRepository(db: DB) {
  return {
    /**
     * A new post waits for its handle's next instant mail. Only the handle's row is written (its
     * lock orders concurrent posts and the worker); who gets the mail is decided when it is handed
     * out (`handOutListBatches`), so a person who chose Instantly meanwhile gets it too (ADR 0141).
     */
    async queueListPost(args: { handle: string; postId: number }): Promise<void> {
      await sql`
        insert into email_list_batches (handle, post_ids) values (${args.handle}, array[${args.postId}::bigint])
        on conflict (handle) do update set post_ids = email_list_batches.post_ids || excluded.post_ids
      `.execute(db);
    },

    /** Hands out every handle's waiting posts whose last mail is at least `intervalMs` old (`handOutInstantMails`). */
    handOutListBatches(args: { now: number; intervalMs: number }): Promise<number> {
      return handOutInstantMails(db, NEW_POSTS, args);
    },
  };
}
