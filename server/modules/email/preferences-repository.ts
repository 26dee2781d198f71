import { randomBytes } from 'node:crypto';
import type { DB } from '../../plugins/db';

/** Email preferences: one row an address, made on first use with a random unsubscribe token. */
export function emailPreferencesRepository(db: DB) {
  return {
    // Preferences, one row an address, made on first use with a random unsubscribe token.

    async preferences(email: string) {
      await db
        .insertInto('email_preferences')
        .values({ email, unsubscribe_token: randomBytes(24).toString('base64url'), updated_at: Date.now() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return db
        .selectFrom('email_preferences')
        .select([
          'email',
          'list_updates as listUpdates',
          'form_responses as formResponses',
          'notices',
          'unsubscribe_token as token',
        ])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    },

    /** The preferences of a batch's recipients, made where missing: two statements for the whole batch. */
    async preferencesOfMany(emails: string[]) {
      // The table holds lower-case addresses only; another one is left to `preferences`, which says why it fails.
      const valid = emails.filter((e) => e !== '' && e === e.toLowerCase());
      if (valid.length === 0) return new Map<string, never>();
      const now = Date.now();
      await db
        .insertInto('email_preferences')
        .values(valid.map((email) => ({ email, unsubscribe_token: randomBytes(24).toString('base64url'), updated_at: now })))
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const rows = await db
        .selectFrom('email_preferences')
        .select([
          'email',
          'list_updates as listUpdates',
          'form_responses as formResponses',
          'notices',
          'unsubscribe_token as token',
        ])
        .where('email', 'in', valid)
        .execute();
      return new Map(rows.map((r) => [r.email, r]));
    },

    async preferencesByToken(token: string) {
      return db
        .selectFrom('email_preferences')
        .select(['email', 'list_updates as listUpdates', 'form_responses as formResponses', 'notices'])
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
    },

    async updatePreferences(
      where: { email: string } | { token: string },
      changes: {
        list_updates?: 'instant' | 'daily' | 'weekly' | 'off';
        form_responses?: 'instant' | 'daily' | 'off';
        notices?: boolean;
      },
      now: number,
    ): Promise<boolean> {
      const row = await db
        .updateTable('email_preferences')
        .set({ ...changes, updated_at: now })
        .where((eb) => ('email' in where ? eb('email', '=', where.email) : eb('unsubscribe_token', '=', where.token)))
        .returning('email')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
