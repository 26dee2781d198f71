import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { DirectoryEntriesTable, DirectoryWordsTable, HandleHoldsTable, ProfileLogosTable } from './schema-directory';
import type { EmailListBatchesTable, EmailPreferencesTable, EmailTopicSlotsTable } from './schema-email';
import type { TradeListColumns, TradeTables, TradeUserColumns } from './schema-trade';

/** Epoch milliseconds, as in the spec. */
type Millis = number;
export interface UsersTable extends TradeUserColumns {
  id: Generated<string>;
  email: string;
  display_name: Generated<string>;
  oidc_subject: string | null;
  admin: Generated<boolean>;
  rejected: Generated<boolean>;
  handle_revoked: Generated<boolean>;
  /** The person has seen that their handle was removed (the dashboard tells it once). */
  handle_removed_notice_seen: Generated<boolean>;
  admin_created: Generated<boolean>;
  phone: string | null;
  socials: string | null;
  links: string | null;
  description: string | null;
  questions: string | null;
  usage_description: string | null;
  invited_by: string | null;
  created_at: Millis;
  restored_at: Millis | null;
  /** The business profile's trades, from the fixed list of core/business-profile.ts. */
  trades: Generated<string[]>;
  /** Town and region, or postcode: as the owner writes it. */
  area: string | null;
  /** Ordering terms (core/delivery-terms.ts), checked on write; null until the business sets them. */
  delivery_terms: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A users row as a query reads it: the one description of a person's profile columns. */
export type UserRow = Selectable<UsersTable>;

/** The authority on who holds a handle: one row a handle, one handle a user. */
export interface HandlesTable {
  handle: string;
  user_id: string;
  created_at: Millis;
  /** Moved by tables without change notices of their own (link checks, list snapshots) to say the handle's pages changed (docs/decisions/0118). */
  page_version: Generated<number>;
}

export interface HandleRequestsTable {
  user_id: string;
  email: string;
  handle: string;
  display_name: string;
  usage_description: string;
  created_at: Millis;
}

export interface InvitesTable {
  handle: string;
  email: string;
  display_name: string;
  phone: string | null;
  socials: string | null;
  links: string | null;
  description: string | null;
  questions: string | null;
  used: Generated<boolean>;
  sent: Generated<boolean>;
  created_by: string | null;
  created_at: Millis;
  accepted_at: Millis | null;
  accepted_user_id: string | null;
}

export interface InviteRequestsTable {
  user_id: string;
  name: string;
  email: string;
  handle: string;
  phone: string | null;
  socials: string | null;
  links: string | null;
  description: string | null;
  questions: string | null;
  created_at: Millis;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: string;
  /** The handle the post was made under; the author is user_id. */
  handle: string;
  url: string;
  description: Generated<string>;
  created_at: Millis;
  open_count: Generated<number>;
  /** The uploader's key for this submission: the same key again is the same post. */
  idempotency_key: string | null;
  /** The list this post is a version of (always its author's: the key is (list_id, user_id)). */
  list_id: number;
  /** The list's newest version: the one profiles, feeds and the stable address show. One a list. */
  newest: Generated<boolean>;
  /** When the description was last changed; the post keeps its created_at. */
  edited_at: number | null;
  /** Calendar dates (YYYY-MM-DD) the version is valid from and until, both optional. */
  valid_from: string | null;
  valid_until: string | null;
  /** When the list's file was last told of as changed while this was its newest version: the feed moves it up then. */
  moved_at: Generated<number | null>;
}

/** A named series of posts (docs/decisions/0101): one stable address per list, /{handle}/lists/{slug}. */
export interface ListsTable extends TradeListColumns {
  id: Generated<number>;
  user_id: string;
  /** Unique per owner; never changes, so printed QR codes keep working. */
  slug: string;
  name: string;
  created_at: Millis;
}

/** A post its owner removed: its old open link answers 410 and points to the profile. */
export interface RemovedPostsTable {
  id: number;
  user_id: string;
  handle: string;
  removed_at: Millis;
}

/**
 * One follow per (follower, handle). No foreign key to handles: a follow outlives a deleted handle
 * (shown with blanks) and counts only while `handle` is still held by `followed_user_id`.
 */
export interface FollowsTable {
  follower_id: string;
  handle: string;
  /** Who held the handle when it was followed (no foreign key: the follow outlives them). Filled in from handles on insert when left out. */
  followed_user_id: Generated<string>;
  followed_at: Millis;
  /** What the follower hears of this business, and how often (null: their default) (migration 2910, ADR 0214). */
  bell: Generated<'all' | 'moves' | 'lists' | 'none'>;
  move_percent: number | null;
  cadence: 'instant' | 'daily' | 'weekly' | null;
  /** When the follower's last, or next queued, instant mail about the business goes. */
  instant_at: Millis | null;
}

/**
 * A question as stored. Rows written before migration 1400 have only field, lines and perhaps
 * `long`: they read as required short-text (or long-text) questions (core/chat-form-questions.ts).
 */
export interface ChatQuestion {
  field: string;
  lines: string[];
  /** Allows a multi-line answer (Shift+Enter); absent means false. Only in rows before `type`. */
  long?: boolean;
  type?: 'text' | 'long-text' | 'email' | 'phone' | 'number' | 'choice' | 'choices' | 'date' | 'yes-no';
  required?: boolean;
  options?: string[];
  min?: number | null;
  max?: number | null;
}

/** A stored answer: text, a number, yes/no, or the picked options. Rows before migration 1400 hold text only. */
export type StoredAnswer = string | number | boolean | string[];

export interface ChatFormsTable {
  id: string;
  owner_id: string | null;
  title: string;
  description: Generated<string>;
  questions: JSONColumnType<ChatQuestion[]>;
  thank_you_message: Generated<string>;
  /** When it stops taking responses; null: never (migration 1400). */
  closes_at: Millis | null;
  /** How many responses it takes at most; null: no limit. */
  max_responses: number | null;
  created_at: Millis;
  updated_at: Millis;
  /** Every answer key its responses hold, kept by a trigger (migration 1901). */
  answer_fields: Generated<string[]>;
}

export interface ChatFormSubmissionsTable {
  id: Generated<number>;
  form_id: string;
  answers: JSONColumnType<Record<string, StoredAnswer>>;
  idempotency_key: string | null;
  submitted_at: Millis;
}

export interface DeletedUsersTable {
  user_id: string;
  backup: JSONColumnType<Record<string, unknown>>;
  deleted_by: string | null;
  deleted_at: Millis;
  restored_at: Millis | null;
  /** The person deleted their own account (deleted_by then forgets them). */
  self_deleted: Generated<boolean>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  path: string | null;
  user_id: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: Millis;
}

/** One admin action (who, what, on whom, when): the moderation log admins read. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  /** Null once the acting admin's profile is deleted; actor_email still says who it was. */
  actor_id: string | null;
  actor_email: string;
  action: string;
  target: Generated<string>;
  details: JSONColumnType<Record<string, unknown>>;
  created_at: Millis;
}

/** An admin planning-note page's text (Markdown), once saved. */
export interface AdminNotesTable {
  slug: string;
  body: string;
  updated_by: string | null;
  updated_by_email: string;
  updated_at: Millis;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not leak sessions. */
  id: string;
  user_id: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
}

export type EmailState = 'queued' | 'sending' | 'sent' | 'held' | 'failed' | 'cancelled';

/** One mail: written with its cause, rendered and delivered by the worker (docs/decisions/0090). */
export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  /** The member it is for: delivered to their address as it is at delivery time. */
  user_id: string | null;
  /** The address when the recipient is not a member (an invitee); null for the owner's mails too. */
  to_address: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  dedupe_key: string | null;
  /** What an instant mail is about ('list:{handle}', 'form:{id}'): its batch is gathered per topic. */
  topic: string | null;
  state: EmailState;
  attempts: Generated<number>;
  /** When the mail was meant to go (an instant mail waits an hour after the last batch on its topic). */
  scheduled_at: Millis;
  next_attempt_at: Millis;
  /** A claimed row belongs to its worker until then; afterwards another may take it. */
  lease_until: Millis | null;
  last_error: string | null;
  /** What was sent, kept once rendered (the admin view, the development mailbox). */
  recipient: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  created_at: Millis;
  sent_at: Millis | null;
}

export interface Database extends TradeTables {
  users: UsersTable;
  handles: HandlesTable;
  handle_requests: HandleRequestsTable;
  handle_holds: HandleHoldsTable;
  invites: InvitesTable;
  invite_requests: InviteRequestsTable;
  posts: PostsTable;
  lists: ListsTable;
  removed_posts: RemovedPostsTable;
  follows: FollowsTable;
  chat_forms: ChatFormsTable;
  chat_form_submissions: ChatFormSubmissionsTable;
  deleted_users: DeletedUsersTable;
  analytics_events: AnalyticsEventsTable;
  sessions: SessionsTable;
  admin_audit_log: AdminAuditLogTable;
  admin_notes: AdminNotesTable;
  email_outbox: EmailOutboxTable;
  email_preferences: EmailPreferencesTable;
  email_topic_slots: EmailTopicSlotsTable;
  email_list_batches: EmailListBatchesTable;
  profile_logos: ProfileLogosTable;
  directory_entries: DirectoryEntriesTable;
  directory_words: DirectoryWordsTable;
}

export type Timestamp = ColumnType<Millis, Millis, Millis>;
