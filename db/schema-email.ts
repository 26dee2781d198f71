/** Email tables besides the outbox (db/schema.ts): preferences and the instant-mail batches. */
import type { Generated } from 'kysely';

/** Epoch milliseconds, as in the spec. */
type Millis = number;

export interface EmailPreferencesTable {
  email: string;
  list_updates: Generated<'instant' | 'daily' | 'weekly' | 'off'>;
  form_responses: Generated<'instant' | 'daily' | 'off'>;
  notices: Generated<boolean>;
  unsubscribe_token: string;
  /** The token before the person last changed their preferences; it works until previous_token_until (migration 1902). */
  previous_token: string | null;
  previous_token_until: Millis | null;
  updated_at: Millis;
}

/** A handle's instant list mail: the posts waiting for it, and when the last one was handed out (ADR 0141). */
export interface EmailListBatchesTable {
  handle: string;
  sent_at: Generated<Millis>;
  post_ids: Generated<number[]>;
}

/** When a topic's (a form's; a handle's before ADR 0141) current or last batch of instant mails goes. */
export interface EmailTopicSlotsTable {
  topic: string;
  slot_at: Millis;
  /** Whether the last post on the topic opened a new batch (false: it joined the waiting one). */
  opened: boolean;
}
