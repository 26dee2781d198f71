import { sql } from 'kysely';
import type { DB } from '../../plugins/db';
import { cadenceOf } from './bell-filters';
import { emailContentRepository } from './content-repository';
import { listBatchesRepository } from './list-batches-repository';
import { listChangeRepository } from './list-change-repository';
import { outboxViewRepository } from './outbox-view-repository';
import { emailPreferencesRepository } from './preferences-repository';

const HOUR = 60 * 60 * 1000;

export interface NewMail {
  kind: string;
  userId?: string | null;
  toAddress?: string | null;
  payload: Record<string, unknown>;
  dedupeKey?: string | null;
  now: number;
}

export interface ClaimedMail {
  id: number;
  kind: string;
  userId: string | null;
  toAddress: string | null;
  payload: Record<string, unknown>;
  createdAt: number;
  topic: string | null;
  attempts: number;
}

/** How one claimed mail ended, to be recorded with the rest of its batch. */
export interface MailOutcome {
  claim: { id: number; attempts: number };
  outcome:
    | { state: 'sent' | 'held'; rendered: Rendered; now: number }
    | { state: 'cancelled'; reason: string }
    | { state: 'failed'; error: string; rendered?: Rendered }
    | { state: 'queued'; error: string; retryAt: number; rendered?: Rendered };
}

export interface Rendered {
  recipient: string;
  subject: string;
  /** Null: not kept (a sent mail's body, docs/decisions/0096). */
  html: string | null;
  text: string | null;
}

/**
 * The slot a topic's (a handle's, a form's) instant mails go in, taken under the topic row's lock
 * so concurrent posts agree. While a batch waits for its slot (slot_at >= now) a new post joins it:
 * the batch's mails list every post since their first when they are rendered, so nothing is
 * written (`opened` false). Otherwise a new batch opens now, or an hour after the last batch.
 */
async function takeSlot(db: DB, topic: string, now: number): Promise<{ slot: number; opened: boolean }> {
  const row = await db
    .insertInto('email_topic_slots')
    .values({ topic, slot_at: now, opened: true })
    .onConflict((oc) =>
      oc.column('topic').doUpdateSet({
        slot_at: sql<number>`case
          when email_topic_slots.slot_at >= ${now}::bigint then email_topic_slots.slot_at
          when email_topic_slots.slot_at + ${HOUR}::bigint <= ${now}::bigint then ${now}::bigint
          else email_topic_slots.slot_at + ${HOUR}::bigint end`,
        opened: sql<boolean>`email_topic_slots.slot_at < ${now}::bigint`,
      }),
    )
    .returning(['slot_at', 'opened'])
    .executeTakeFirstOrThrow();
  return { slot: Number(row.slot_at), opened: row.opened };
}

/**
 * All SQL of email: the outbox, preferences, and the reads that pick and fill mails. Picking the
 * followers of a handle or the people owed a digest is one INSERT … SELECT over follows, posts and
 * users, so queueing costs one statement however many followers there are (docs/decisions/0090).
 */
export function emailRepository(db: DB) {
  return {
    ...emailContentRepository(db),
    ...emailPreferencesRepository(db),
    ...outboxViewRepository(db),
    ...listBatchesRepository(db),
    async insert(mail: NewMail): Promise<void> {
      await db
        .insertInto('email_outbox')
        .values({
          kind: mail.kind,
          user_id: mail.userId ?? null,
          to_address: mail.toAddress ?? null,
          payload: JSON.stringify(mail.payload),
          dedupe_key: mail.dedupeKey ?? null,
          state: 'queued',
          scheduled_at: mail.now,
          next_attempt_at: mail.now,
          created_at: mail.now,
        })
        .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing())
        .execute();
    },

    /**
     * Many mails in one statement (item alerts: one new version may cross many people's alerts),
     * sent as one array a column rather than a parameter a value.
     */
    async insertMany(mails: NewMail[]): Promise<void> {
      if (mails.length === 0) return;
      const column = <T>(f: (mail: NewMail) => T) => mails.map(f);
      await sql`
        insert into email_outbox (kind, user_id, to_address, payload, dedupe_key, state, scheduled_at, next_attempt_at, created_at)
        select m.kind, m.user_id, m.to_address, m.payload::jsonb, m.dedupe_key, 'queued', m.now, m.now, m.now
        from unnest(${column((m) => m.kind)}::text[], ${column((m) => m.userId ?? null)}::uuid[],
          ${column((m) => m.toAddress ?? null)}::text[], ${column((m) => JSON.stringify(m.payload))}::text[],
          ${column((m) => m.dedupeKey ?? null)}::text[], ${column((m) => m.now)}::bigint[])
          with ordinality as m(kind, user_id, to_address, payload, dedupe_key, now, ord)
        order by m.ord
        on conflict (dedupe_key) where dedupe_key is not null do nothing`.execute(db);
    },

    /** One mail to each admin (by their flag), written in one statement. */
    async insertForAdmins(mail: { kind: string; payload: Record<string, unknown>; now: number }): Promise<void> {
      await sql`
        insert into email_outbox (kind, user_id, payload, state, scheduled_at, next_attempt_at, created_at)
        select ${mail.kind}::text, u.id, ${JSON.stringify(mail.payload)}::jsonb, 'queued', ${mail.now}::bigint, ${mail.now}::bigint, ${mail.now}::bigint
        from users u where u.admin
      `.execute(db);
    },

    /** The form's owner, when they want responses instantly: one pending mail a form, at most one an hour. */
    async queueFormResponse(args: { formId: string; since: number; now: number }): Promise<void> {
      const { formId, since, now } = args;
      const topic = `form:${formId}`;
      const { slot, opened } = await takeSlot(db, topic, now);
      if (!opened) return;
      await sql`
        insert into email_outbox (kind, user_id, topic, payload, state, scheduled_at, next_attempt_at, created_at)
        select 'form-response', c.owner_id, ${topic}::text, ${JSON.stringify({ formId, since })}::jsonb,
               'queued', ${slot}::bigint, ${slot}::bigint, ${now}::bigint
        from chat_forms c
        join users u on u.id = c.owner_id
        left join email_preferences p on p.email = u.email
        where c.id = ${formId} and coalesce(p.form_responses, 'instant') = 'instant'

      `.execute(db);
    },

    /** A digest for everyone on `period` with something new in [from, to); the dedupe key makes it once per person and period. */
    async queueListDigests(args: { period: 'daily' | 'weekly'; from: number; to: number; now: number }): Promise<number> {
      const { period, from, to, now } = args;
      const result = await sql`
        insert into email_outbox (kind, user_id, payload, dedupe_key, state, scheduled_at, next_attempt_at, created_at)
        select 'list-digest', r.follower_id,
               jsonb_build_object('period', ${period}::text, 'from', ${from}::bigint, 'to', ${to}::bigint),
               'list-digest:' || ${period}::text || ':' || ${from}::text || ':' || r.follower_id::text,
               'queued', ${now}::bigint, ${now}::bigint, ${now}::bigint
        from (
          select distinct f.follower_id
          from posts po
          join handles h on h.handle = po.handle and h.user_id = po.user_id
          join follows f on f.handle = po.handle and f.followed_user_id = po.user_id
          join users u on u.id = f.follower_id
          left join email_preferences p on p.email = u.email
          where po.created_at >= ${from}::bigint and po.created_at < ${to}::bigint and f.follower_id <> po.user_id
            and ${cadenceOf()} = ${period}
          union ${listChangeRepository(db).changeDigestReaders(from, to, period)}
        ) r
        on conflict (dedupe_key) where dedupe_key is not null do nothing
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** The daily responses digest for form owners who chose it. */
    async queueFormDigests(args: { from: number; to: number; now: number }): Promise<number> {
      const { from, to, now } = args;
      const result = await sql`
        insert into email_outbox (kind, user_id, payload, dedupe_key, state, scheduled_at, next_attempt_at, created_at)
        select 'form-digest', r.owner_id, jsonb_build_object('from', ${from}::bigint, 'to', ${to}::bigint),
               'form-digest:' || ${from}::text || ':' || r.owner_id::text,
               'queued', ${now}::bigint, ${now}::bigint, ${now}::bigint
        from (
          select distinct c.owner_id
          from chat_form_submissions s join chat_forms c on c.id = s.form_id
          where s.submitted_at >= ${from}::bigint and s.submitted_at < ${to}::bigint and c.owner_id is not null
        ) r
        join users u on u.id = r.owner_id
        left join email_preferences p on p.email = u.email
        where coalesce(p.form_responses, 'instant') = 'daily'
        on conflict (dedupe_key) where dedupe_key is not null do nothing
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /**
     * Takes up to `limit` due mails for this worker: queued ones whose time has come and claimed
     * ones whose lease ran out (their worker died). SKIP LOCKED: two workers never take the same row.
     */
    async claimDue(now: number, leaseMs: number, maxAttempts: number, limit: number): Promise<ClaimedMail[]> {
      const result = await sql<ClaimedMail>`
        update email_outbox set state = 'sending', attempts = attempts + 1, lease_until = ${now + leaseMs}::bigint
        where id in (
          select id from email_outbox
          where state in ('queued', 'sending') and next_attempt_at <= ${now}::bigint
            and (state = 'queued' or lease_until <= ${now}::bigint) and attempts < ${maxAttempts}
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, user_id as "userId", to_address as "toAddress", payload, created_at as "createdAt",
                  topic, attempts
      `.execute(db);
      return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** Forgets finished mail (and topic slots) older than `before`: the outbox is a queue and a short record, not an archive. */
    async prune(before: number): Promise<number> {
      const result = await db
        .deleteFrom('email_outbox')
        .where('state', 'in', ['sent', 'held', 'failed', 'cancelled'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      await db.deleteFrom('email_topic_slots').where('slot_at', '<', before).execute();
      await sql`delete from email_list_batches where sent_at < ${before}::bigint and cardinality(post_ids) = 0`.execute(db);
      return Number(result.numDeletedRows);
    },

    /** A worker died holding a mail on its last attempt: it is failed, not tried again. */
    async failAbandoned(now: number, maxAttempts: number): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ state: 'failed', lease_until: null, last_error: 'The worker stopped during the last attempt.' })
        .where('state', '=', 'sending')
        .where('lease_until', '<=', now)
        .where('attempts', '>=', maxAttempts)
        .execute();
    },

    /**
     * Records the outcomes of a batch of claims in one statement (one commit, one flush on PGlite).
     * Each row is written only if its claim still holds (same attempt, still sending): a worker whose
     * lease ran out cannot overwrite the next one's result. Returns the ids that were recorded.
     */
    async finishMany(outcomes: MailOutcome[]): Promise<Set<number>> {
      if (outcomes.length === 0) return new Set();
      const rows = outcomes.map(({ claim, outcome }) => {
        const rendered = 'rendered' in outcome ? outcome.rendered : undefined;
        return {
          id: claim.id,
          attempts: claim.attempts,
          state: outcome.state,
          recipient: rendered?.recipient ?? null,
          subject: rendered?.subject ?? null,
          html: rendered?.html ?? null,
          text: rendered?.text ?? null,
          sent_at: outcome.state === 'sent' || outcome.state === 'held' ? outcome.now : null,
          last_error:
            outcome.state === 'cancelled'
              ? outcome.reason
              : outcome.state === 'failed' || outcome.state === 'queued'
                ? outcome.error
                : null,
          next_attempt_at: outcome.state === 'queued' ? outcome.retryAt : null,
        };
      });
      const result = await sql<{ id: string | number }>`
        update email_outbox o set
          state = v.state, lease_until = null, last_error = v.last_error,
          recipient = coalesce(v.recipient, o.recipient), subject = coalesce(v.subject, o.subject),
          html = coalesce(v.html, o.html), text = coalesce(v.text, o.text),
          sent_at = coalesce(v.sent_at, o.sent_at), next_attempt_at = coalesce(v.next_attempt_at, o.next_attempt_at)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
          id bigint, attempts integer, state text, recipient text, subject text, html text, text text,
          sent_at bigint, last_error text, next_attempt_at bigint)
        where o.id = v.id and o.state = 'sending' and o.attempts = v.attempts
        returning o.id`.execute(db);
      return new Set(result.rows.map((r) => Number(r.id)));
    },
  };
}
