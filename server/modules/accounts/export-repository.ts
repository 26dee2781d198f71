import { readableContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';

/**
 * The reads of "Download my data" (issue 15 §6): every table that holds something about the person,
 * read as stored. Like the deletion (docs/decisions/0082) it reads other domains' tables for the
 * person as a whole; it writes nothing. Columns naming other people are left out here.
 */
export function exportRepository(db: DB) {
  return {
    profile: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),

    /** The business logo's bytes, for the readable download (data-download.ts). */
    logo: (userId: string) =>
      db
        .selectFrom('profile_logos')
        .select(['image', 'content_type as contentType'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    handle: (userId: string) =>
      db.selectFrom('handles').select(['handle', 'created_at']).where('user_id', '=', userId).executeTakeFirst(),

    handleRequest: (userId: string) =>
      db.selectFrom('handle_requests').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    inviteRequest: (userId: string) =>
      db.selectFrom('invite_requests').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    invites: (userId: string, email: string) =>
      db
        .selectFrom('invites')
        .select([
          'handle',
          'email',
          'display_name',
          'phone',
          'socials',
          'links',
          'description',
          'questions',
          'used',
          'sent',
          'created_at',
          'accepted_at',
        ])
        .where((eb) => eb.or([eb('accepted_user_id', '=', userId), eb('email', '=', email)]))
        .orderBy('created_at')
        .execute(),

    lists: (userId: string) =>
      db
        .selectFrom('lists')
        .select(['id', 'slug', 'name', 'created_at', 'audience'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    removedPosts: (userId: string) =>
      db.selectFrom('removed_posts').select(['id', 'handle', 'removed_at']).where('user_id', '=', userId).orderBy('id').execute(),

    /** The person's own posts, their trade-only contents included (docs/decisions/0180). */
    posts: (userId: string) =>
      db
        .selectFrom('posts as p')
        .leftJoin(readableContents(userId), 'tc.post_id', 'p.id')
        .select((eb) => [
          'p.id',
          'p.list_id',
          'p.handle',
          eb.fn.coalesce('tc.url', 'p.url').as('url'),
          eb.fn.coalesce('tc.description', 'p.description').as('description'),
          'p.created_at',
          'p.edited_at',
          eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('valid_from'),
          eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('valid_until'),
          'p.newest',
          'p.moved_at',
          'p.open_count',
        ])
        .where('p.user_id', '=', userId)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute(),

    following: (userId: string) =>
      db
        .selectFrom('follows')
        .select(['handle', 'followed_at', 'bell', 'move_percent', 'cadence'])
        .where('follower_id', '=', userId)
        .orderBy('followed_at')
        .execute(),

    /** Requests for trade access the person made, by the supplier's handle now (docs/decisions/0180). */
    tradeRequestsMade: (userId: string) =>
      db
        .selectFrom('trade_requests as r')
        .leftJoin('handles as h', 'h.user_id', 'r.owner_id')
        .select(['h.handle', 'r.business_name', 'r.note', 'r.state', 'r.created_at', 'r.decided_at'])
        .where('r.member_id', '=', userId)
        .orderBy('r.created_at')
        .execute(),

    /** Requests made to the person: what the askers gave, as the dashboard shows it. */
    tradeRequestsReceived: (userId: string) =>
      db
        .selectFrom('trade_requests')
        .select(['business_name', 'note', 'state', 'created_at', 'decided_at'])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    /** Everyone following the person's handle now; the public handle of those who have one. */
    followers: (userId: string, handle: string) =>
      db
        .selectFrom('follows as f')
        .leftJoin('handles as h', 'h.user_id', 'f.follower_id')
        .select(['h.handle as followerHandle', 'f.followed_at'])
        .where('f.handle', '=', handle)
        .where('f.followed_user_id', '=', userId)
        .where('f.follower_id', '<>', userId)
        .orderBy('f.followed_at')
        .execute(),

    forms: (userId: string) =>
      db
        .selectFrom('chat_forms')
        .select(['id', 'title', 'description', 'questions', 'thank_you_message', 'created_at', 'updated_at'])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    responses: (formIds: string[]) =>
      formIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('chat_form_submissions')
            .select(['id', 'form_id', 'answers', 'submitted_at'])
            .where('form_id', 'in', formIds)
            .orderBy('id')
            .execute(),

    emailPreferences: (email: string) =>
      db
        .selectFrom('email_preferences')
        .select(['list_updates as listUpdates', 'form_responses as formResponses', 'notices'])
        .where('email', '=', email)
        .executeTakeFirst(),

    emails: (userId: string, email: string) =>
      db
        .selectFrom('email_outbox')
        .select(['kind', 'state', 'recipient', 'subject', 'text', 'created_at', 'sent_at'])
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('to_address', '=', email)]))
        .orderBy('id')
        .execute(),

    sessions: (userId: string) =>
      db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    analyticsEvents: (userId: string) =>
      db
        .selectFrom('analytics_events')
        .select(['name', 'path', 'payload', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    adminActions: (userId: string) =>
      db
        .selectFrom('admin_audit_log')
        .select(['action', 'target', 'details', 'created_at'])
        .where('actor_id', '=', userId)
        .orderBy('id')
        .execute(),
  };
}
