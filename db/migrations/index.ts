import type { Migration } from 'kysely';
import * as m0001 from './0001-initial-schema';
import * as m0200 from './0200-follows-remember-followed-user';
import * as m0201 from './0201-posts-feed-index';
import * as m0202 from './0202-follows-by-follower-time';
import * as m0500 from './0500-admin-audit-log';
import * as m0501 from './0501-admin-notes';
import * as m0600 from './0600-posts-time-index';
import * as m0700 from './0700-posts-idempotency-key';
import * as m0800 from './0800-notify-changes';
import * as m0900 from './0900-email-outbox';
import * as m0910 from './0910-users-handle-removed-notice';
import * as m1100 from './1100-deleted-users-self-deleted';
import * as m1200 from './1200-business-profiles';
import * as m1201 from './1201-directory';
import * as m1300 from './1300-living-lists';
import * as m1400 from './1400-chat-form-closing';
import * as m1600 from './1600-stored-pages';
import * as m1700 from './1700-stored-pages-compressed';

/**
 * Every migration, by name. Listed here rather than read from the folder so the same code runs
 * under tsx, Vitest and a bundler. Names sort in the order they run; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': m0001,
  '0200-follows-remember-followed-user': m0200,
  '0201-posts-feed-index': m0201,
  '0202-follows-by-follower-time': m0202,
  '0500-admin-audit-log': m0500,
  '0501-admin-notes': m0501,
  '0600-posts-time-index': m0600,
  '0700-posts-idempotency-key': m0700,
  '0800-notify-changes': m0800,
  '0900-email-outbox': m0900,
  '0910-users-handle-removed-notice': m0910,
  '1100-deleted-users-self-deleted': m1100,
  '1200-business-profiles': m1200,
  '1201-directory': m1201,
  '1300-living-lists': m1300,
  '1400-chat-form-closing': m1400,
  '1600-stored-pages': m1600,
  '1700-stored-pages-compressed': m1700,
};
