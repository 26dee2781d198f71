import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

/**
 * The SQL of the purge (docs/decisions/0095): deletion backups older than the cut-off go, and with
 * them what a person who is still gone left in the email tables (mail to them, their preferences).
 * An unsubscribe from notices is kept: it is what stops an admin's next invite reaching the address.
 */
export function purgeRepository(db: DB) {
  return {
    async purgeBackupsBefore(before: number): Promise<number> {
      const gone = await sql<{ userId: string; email: string | null }>`
        delete from deleted_users where deleted_at < ${before}::bigint
        returning user_id::text as "userId", backup -> 'profile' ->> 'email' as email`.execute(db);
      if (gone.rows.length === 0) return 0;
      // A person restored since, or back under the same address, keeps their mail and preferences.
      const present = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where((eb) =>
          eb.or([
            eb(
              'id',
              'in',
              gone.rows.map((r) => r.userId),
            ),
            eb(
              'email',
              'in',
              gone.rows.map((r) => r.email ?? ''),
            ),
          ]),
        )
        .execute();
      const ids = gone.rows.map((r) => r.userId).filter((id) => !present.some((p) => p.id === id));
      const emails = gone.rows
        .map((r) => r.email)
        .filter((email): email is string => !!email && !present.some((p) => p.email === email));
      if (ids.length > 0) await db.deleteFrom('email_outbox').where('user_id', 'in', ids).execute();
      if (emails.length > 0) {
        await db
          .deleteFrom('email_outbox')
          .where((eb) =>
            eb.or([
              eb('to_address', 'in', emails),
              eb('recipient', 'in', emails),
              // The owner's mail about a handle request names the requester.
              eb(sql<string>`payload ->> 'email'`, 'in', emails),
            ]),
          )
          .execute();
        await db.deleteFrom('email_preferences').where('email', 'in', emails).where('notices', '=', true).execute();
      }
      return gone.rows.length;
    },
  };
}
