import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import type { DB } from '../../plugins/db';

/** How long the token before a preferences change keeps working: the links of mails already sent (docs/decisions/0133). */
export const PREVIOUS_TOKEN_DAYS = 30;

/** The row a token opens: its current token, or the one before while it still works. */
const byToken = (token: string, now: number) => (eb: ExpressionBuilder<Database, 'email_preferences'>) =>
  eb.or([eb('unsubscribe_token', '=', token), eb.and([eb('previous_token', '=', token), eb('previous_token_until', '>', now)])]);

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
        .where(byToken(token, Date.now()))
        .executeTakeFirst();
    },

    /** A new token for the address; the one before keeps working for PREVIOUS_TOKEN_DAYS. */
    async rotateToken(email: string, now: number): Promise<void> {
      await db
        .updateTable('email_preferences')
        .set((eb) => ({
          previous_token: eb.ref('unsubscribe_token'),
          previous_token_until: now + PREVIOUS_TOKEN_DAYS * 86_400_000,
          unsubscribe_token: randomBytes(24).toString('base64url'),
        }))
        .where('email', '=', email)
        .execute();
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
        .where((eb) => ('email' in where ? eb('email', '=', where.email) : byToken(where.token, now)(eb)))
        .returning('email')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
