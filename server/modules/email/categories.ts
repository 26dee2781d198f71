import type { EmailPreferences, UnsubscribeCategory } from '../../../core/email';
import type { ClaimedMail } from './repository';

/** Each kind of mail's unsubscribe category; null: a direct answer or an account notice, always sent without one. */
export const CATEGORY_OF: Record<string, UnsubscribeCategory | null> = {
  invite: 'notices',
  'handle-requested': 'notices',
  'handle-approved': null,
  'handle-rejected': null,
  'handle-removed': 'notices',
  'invite-requested': 'notices',
  // About the person's own account: always sent, no unsubscribe (issue 31).
  'account-deleted': null,
  'account-restored': null,
  'list-update': 'list-updates',
  'list-digest': 'list-updates',
  'list-changed': 'list-updates',
  'link-broken': 'notices',
  // The person's own item alerts (docs/decisions/0209): notices until alerts have a channel setting of their own (§4).
  'item-alert': 'notices',
  'form-response': 'form-responses',
  'form-digest': 'form-responses',
  'trade-request': 'notices',
  'trade-approved': null,
  'trade-declined': null,
  // Orders: direct answers to the buyer's or the supplier's own action (docs/decisions/0210).
  'order-received': null,
  'order-copy': null,
  'order-decided': null,
  'order-enquiry': null,
};

/** Is this category still wanted (the person may have changed their mind since it was queued)? */
export function wanted(mail: ClaimedMail, prefs: EmailPreferences): boolean {
  switch (mail.kind) {
    // Each business's bell may override the default (docs/decisions/0214): the mail's own read checks it; "off" stops all.
    case 'list-update':
    case 'list-changed':
    case 'list-digest':
      return prefs.listUpdates !== 'off';
    case 'form-response':
      return prefs.formResponses === 'instant';
    case 'form-digest':
      return prefs.formResponses === 'daily';
    default:
      return CATEGORY_OF[mail.kind] === 'notices' ? prefs.notices : true;
  }
}
