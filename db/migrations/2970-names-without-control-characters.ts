import { type Kysely, sql } from 'kysely';

/**
 * Sign-in names stored before names were cleaned (issue 42: one held CR/LF): line breaks and tabs
 * become a space, other control characters go, the ends are trimmed; as core/text.ts signInName
 * does at sign-in. Only rows holding a control character change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update users
       set display_name = btrim(regexp_replace(
             regexp_replace(display_name, '[\\t\\n\\r]+', ' ', 'g'),
             '[\\u0001-\\u001f\\u007f-\\u009f]', '', 'g'))
     where display_name ~ '[\\u0001-\\u001f\\u007f-\\u009f]'`.execute(db);
}

/** Nothing to undo: the removed characters were never meant to be there. */
export async function down(_db: Kysely<any>): Promise<void> {}
