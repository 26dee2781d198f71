import type { Selectable } from 'kysely';
import type {
  ChatFormSubmissionsTable,
  ChatFormsTable,
  FollowsTable,
  HandleRequestsTable,
  InviteRequestsTable,
  InvitesTable,
  ListsTable,
  PostsTable,
  RemovedPostsTable,
} from '../../../db/schema';
import type { ProfileLogosTable } from '../../../db/schema-directory';
import type { TradeRequestsTable } from '../../../db/schema-trade';
/**
 * A post as the deletion backup keeps it (its author is the backed-up person); the id is kept (ADR 0089).
 * `list_id` is null in backups made before lists (ADR 0101): such a post starts a list of its own.
 */
export type BackedUpPost = Omit<Selectable<PostsTable>, 'user_id' | 'list_id'> & { list_id: number | null };
/** A list of the person's (ADR 0101), with its id and slug, so stable addresses and QR codes keep working. */
export type BackedUpList = Omit<Selectable<ListsTable>, 'user_id'>;
/** A post the person removed: its old open link keeps answering 410. */
export type BackedUpRemovedPost = Omit<Selectable<RemovedPostsTable>, 'user_id'>;
/**
 * A follow of the person; `followed_user_id` is null in backups made before ADR 0089 (it was the person).
 * Its bell (ADR 0214) is the follower's choice about the person: kept, so a follower who muted them
 * is not rung again after a restore (and the restore stays row for row).
 */
export type BackedUpFollower = Omit<Selectable<FollowsTable>, 'followed_user_id'> & {
  followed_user_id: string | null;
};
/** A follow by the person, with its bell (ADR 0214). */
export type BackedUpFollow = Omit<Selectable<FollowsTable>, 'follower_id'>;
export type BackedUpInvite = Selectable<InvitesTable>;
export type BackedUpInviteRequest = Selectable<InviteRequestsTable>;
export type BackedUpHandleRequest = Selectable<HandleRequestsTable>;
export type BackedUpResponse = Omit<Selectable<ChatFormSubmissionsTable>, 'form_id'>;
/** A chat form of the person (its owner) with its responses. */
/** answer_fields is not kept: the restored responses make it again (migration 1901's trigger). */
export type BackedUpForm = Omit<Selectable<ChatFormsTable>, 'owner_id' | 'answer_fields'> & { responses: BackedUpResponse[] };
/** The person's logo, its bytes as base64 (JSON holds no bytes). */
export type BackedUpLogo = Omit<Selectable<ProfileLogosTable>, 'user_id' | 'image'> & { image_base64: string };
/** A request for trade access the person made or was asked (docs/decisions/0180), with its state. */
export type BackedUpTradeRequest = Selectable<TradeRequestsTable>;
/** Rows of `table` whose `column` pointed at the person, by their keys (as text). */
export interface Reference {
  table: string;
  column: string;
  keys: string[];
}

/**
 * The columns that forget a person when they go (ON DELETE SET NULL) on rows that stay: the backup
 * remembers which rows pointed at them, and a restore points those back (ADR 0089). chat_forms.owner_id
 * is not here: the person's forms go with them, whole, into the backup.
 */
export const REMEMBERED_REFERENCES = [
  { table: 'users', key: 'id', column: 'invited_by' },
  { table: 'invites', key: 'handle', column: 'created_by' },
  { table: 'invites', key: 'handle', column: 'accepted_user_id' },
  { table: 'admin_notes', key: 'slug', column: 'updated_by' },
  { table: 'deleted_users', key: 'user_id', column: 'deleted_by' },
  { table: 'admin_audit_log', key: 'id', column: 'actor_id' },
  { table: 'analytics_events', key: 'id', column: 'user_id' },
] as const;
