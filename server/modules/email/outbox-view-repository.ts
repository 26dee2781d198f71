import type { DB } from '../../plugins/db';

/** The outbox as the admin view and the development mailbox see it. */
export function outboxViewRepository(db: DB) {
  return {
    // The admin view and the development mailbox.

    async counts(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('email_outbox')
        .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.count)]));
    },

    async latestFailures(limit: number) {
      const rows = await db
        .selectFrom('email_outbox')
        .select(['id', 'kind', 'recipient', 'subject', 'attempts', 'last_error as lastError', 'created_at as createdAt'])
        .where('state', '=', 'failed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** Sends a failed mail again: queued now, attempts start over. A delivered one is never sent twice (issue 33). */
    async requeue(id: number, now: number): Promise<'requeued' | 'not-found' | 'not-retryable'> {
      const row = await db
        .updateTable('email_outbox')
        .set({ state: 'queued', attempts: 0, next_attempt_at: now, lease_until: null, last_error: null })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .returning('id')
        .executeTakeFirst();
      if (row) return 'requeued';
      const exists = await db.selectFrom('email_outbox').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'not-retryable' : 'not-found';
    },

    async mailboxList(limit: number) {
      const rows = await db
        .selectFrom('email_outbox')
        .select([
          'id',
          'kind',
          'state',
          'recipient',
          'subject',
          'created_at as createdAt',
          'sent_at as sentAt',
          'last_error as lastError',
        ])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async mailboxItem(id: number) {
      const row = await db
        .selectFrom('email_outbox')
        .select([
          'id',
          'kind',
          'state',
          'recipient',
          'subject',
          'html',
          'text',
          'created_at as createdAt',
          'sent_at as sentAt',
          'last_error as lastError',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : undefined;
    },
  };
}
