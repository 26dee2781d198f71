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
import * as m1800 from './1800-change-notices';
import * as m1900 from './1900-posts-follow-their-holder';
import * as m1901 from './1901-chat-form-answer-fields';
import * as m1902 from './1902-unsubscribe-token-rotation';
import * as m2000 from './2000-email-list-batches';
import * as m2100 from './2100-link-checks';
import * as m2101 from './2101-link-checks-notices';
import * as m2102 from './2102-list-change-mail';
import * as m2150 from './2150-feed-moves-updated-lists';
import * as m2160 from './2160-drop-posts-newest-time-index';
import * as m2200 from './2200-list-contents';
import * as m2201 from './2201-list-search';
import * as m2300 from './2300-handle-holds';
import * as m2400 from './2400-trade-only-lists';
import * as m2450 from './2450-snapshots-and-audience-name-their-handle';
import * as m2490 from './2490-invite-marked-sent-with-its-mail';
import * as m2500 from './2500-list-search-lines';
import * as m2520 from './2520-check-now-presses';
import * as m2600 from './2600-delivery-terms';
import * as m2700 from './2700-orders';
import * as m2800 from './2800-item-alerts';
import * as m2900 from './2900-trade-decline-reason';
import * as m2910 from './2910-follow-bells';
import * as m2920 from './2920-quiet-hours-and-push';
import * as m2950 from './2950-order-answers-and-blocks';
import * as m2960 from './2960-directory-delivery';
import * as m2970 from './2970-names-without-control-characters';
import * as m2980 from './2980-link-check-change-habits';
import * as m2990 from './2990-item-alert-line-values';
import * as m3030 from './3030-item-alerts-read-by-change';

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
  '1800-change-notices': m1800,
  '1900-posts-follow-their-holder': m1900,
  '1901-chat-form-answer-fields': m1901,
  '1902-unsubscribe-token-rotation': m1902,
  '2000-email-list-batches': m2000,
  '2100-link-checks': m2100,
  '2101-link-checks-notices': m2101,
  '2102-list-change-mail': m2102,
  '2150-feed-moves-updated-lists': m2150,
  '2160-drop-posts-newest-time-index': m2160,
  '2200-list-contents': m2200,
  '2201-list-search': m2201,
  '2300-handle-holds': m2300,
  '2400-trade-only-lists': m2400,
  '2450-snapshots-and-audience-name-their-handle': m2450,
  '2490-invite-marked-sent-with-its-mail': m2490,
  '2500-list-search-lines': m2500,
  '2520-check-now-presses': m2520,
  '2600-delivery-terms': m2600,
  '2700-orders': m2700,
  '2800-item-alerts': m2800,
  '2900-trade-decline-reason': m2900,
  '2910-follow-bells': m2910,
  '2920-quiet-hours-and-push': m2920,
  '2950-order-answers-and-blocks': m2950,
  '2960-directory-delivery': m2960,
  '2970-names-without-control-characters': m2970,
  '2980-link-check-change-habits': m2980,
  '2990-item-alert-line-values': m2990,
  '3030-item-alerts-read-by-change': m3030,
};
