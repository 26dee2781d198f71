import type { AnalyticsEventName } from './analytics';

/**
 * What each analytics event is called on the admin's Analytics page (#31): people's words, not the
 * stored keys. Apart from core/analytics.ts, which every first visit loads, so only that page pays for it.
 */
export const EVENT_LABELS: Record<AnalyticsEventName, string> = {
  page_view: 'Pages viewed',
  login: 'Sign-ins',
  sign_up: 'New accounts',
  logout: 'Sign-outs',
  handle_request: 'Handles requested',
  handle_approved: 'Handles approved',
  profile_view: 'Business pages viewed',
  upload_created: 'Lists shared',
  upload_viewed: 'Lists viewed',
  link_clicked: 'Lists opened',
  follow: 'Follows',
  unfollow: 'Unfollows',
  invite_sent: 'Invites sent',
  invite_accepted: 'Invites accepted',
  button_click: 'Buttons pressed',
  search: 'Searches',
  admin_action: 'Admin actions',
  error: 'Errors shown',
  session_start: 'Visits started',
  session_end: 'Visits ended',
  feature_usage: 'Features used',
};

/** An event's label; an unknown name (an event since retired) as it was stored. */
export const eventLabel = (name: string): string => EVENT_LABELS[name as AnalyticsEventName] ?? name;
