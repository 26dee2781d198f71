import { type Kysely, sql } from 'kysely';

/**
 * An invite is marked sent in the statement that records its mail as delivered (or held for the
 * development mailbox), not by a call the worker makes afterwards: a process killed between the two
 * left delivered invites unmarked, and a reader of the invites just after the outbox said "sent"
 * could find them unmarked too (the kill -9 reliability suite found both). The email worker still
 * calls no module back (issue 28): the rule lives with the data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function mark_invite_mailed() returns trigger language plpgsql as $$
    begin
      update invites set sent = true
      where handle = new.payload ->> 'handle' and used = false and sent = false;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger invite_marked_sent_with_its_mail
      after update of state on email_outbox
      for each row
      when (new.kind = 'invite' and new.state in ('sent', 'held') and old.state is distinct from new.state)
      execute function mark_invite_mailed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists invite_marked_sent_with_its_mail on email_outbox`.execute(db);
  await sql`drop function if exists mark_invite_mailed()`.execute(db);
}
