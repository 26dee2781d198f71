import { sql } from 'kysely';
import { signInName } from '../../../core/text';
import { type DB, prepared } from '../../plugins/db';
import { keepsCachedReads } from '../../plugins/db-changes';
import type { SessionLookup, SessionRow } from '../../plugins/session';
import { sessionRowSql } from './session-sql';

/** Sessions whose last-seen time one statement updates at most (a bound on its parameters). */
const TOUCH_CHUNK = 1_000;

/** All SQL of sign-in: users by identity, and the sessions table. */
export function authRepository(db: DB) {
  return {
    async sessionUser(lookup: SessionLookup): Promise<SessionRow | undefined> {
      const result = await sql<SessionRow>`${sessionRowSql(lookup)} ${prepared}`.execute(db);
      return result.rows[0];
    },

    async touchSessions(sessionIds: string[], now: number): Promise<void> {
      for (let i = 0; i < sessionIds.length; i += TOUCH_CHUNK) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now })
          .where('id', 'in', sessionIds.slice(i, i + TOUCH_CHUNK))
          .where('last_seen_at', '<', now)
          .modifyEnd(keepsCachedReads)
          .execute();
      }
    },

    async createSession(row: { id: string; userId: string; now: number; expiresAt: number }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id: row.id, user_id: row.userId, created_at: row.now, last_seen_at: row.now, expires_at: row.expiresAt })
        .execute();
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Ends every session of one person; returns how many there were. */
    async deleteSessionsOf(userId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpiredSessions(now: number, idleMs: number): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
        .execute();
    },

    /**
     * Finds the person behind a provider identity, or makes them. An unknown subject with a known
     * email claims that profile (an admin-created handle, or the same person on a new provider).
     */
    async upsertSignedInUser(identity: {
      subject: string;
      email: string;
      name: string;
      admin: boolean;
      now: number;
    }): Promise<{ userId: string; created: boolean }> {
      // Whatever the provider sends, a stored name holds no control characters (issue 42).
      const name = signInName(identity.name);
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'display_name'])
          .where((eb) => eb.or([eb('oidc_subject', '=', identity.subject), eb('email', '=', identity.email)]))
          .orderBy(({ eb }) => eb('oidc_subject', '=', identity.subject), 'desc')
          .forUpdate()
          .executeTakeFirst();
        if (existing) {
          await trx
            .updateTable('users')
            .set({
              oidc_subject: identity.subject,
              email: identity.email,
              ...(existing.display_name ? {} : { display_name: name }),
              ...(identity.admin ? { admin: true } : {}),
            })
            .where('id', '=', existing.id)
            .execute();
          return { userId: existing.id, created: false };
        }
        const created = await trx
          .insertInto('users')
          .values({
            email: identity.email,
            display_name: name,
            oidc_subject: identity.subject,
            admin: identity.admin,
            created_at: identity.now,
          })
          .onConflict((oc) => oc.column('email').doUpdateSet({ oidc_subject: identity.subject }))
          // xmax is 0 only for a row this statement inserted (not one the conflict updated).
          .returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
          .executeTakeFirstOrThrow();
        return { userId: created.id, created: created.inserted };
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
