import type { SessionUser } from '../../../core/api';
import {
  EMAIL_MESSAGES,
  EMAIL_STATES,
  type EmailPreferences,
  type EmailStatus,
  FORM_RESPONSE_CHOICES,
  type FormResponseChoice,
  LIST_UPDATE_CHOICES,
  type ListUpdateChoice,
  type UnsubscribeCategory,
} from '../../../core/email';
import { conflict, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { listChangeRepository } from './list-change-repository';
import { emailRepository } from './repository';

/**
 * Queueing mail. Each function writes outbox rows in the caller's transaction, so a mail exists
 * exactly when the change that caused it committed (docs/decisions/0090). Nothing is rendered
 * here: the worker renders at delivery, with the data and preferences as they are then.
 */

/** Mails 1 and 3: an invite to take `handle`. `fromRequest`: the person asked for it (no unsubscribe link). */
export async function mailInvite(
  trx: DB,
  invite: { handle: string; email: string; displayName: string; fromRequest: boolean; invitedBy?: string },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({
    kind: 'invite',
    toAddress: invite.email,
    payload: {
      handle: invite.handle,
      displayName: invite.displayName,
      fromRequest: invite.fromRequest,
      ...(invite.invitedBy ? { invitedBy: invite.invitedBy } : {}),
    },
    now,
  });
}

/** Mail 2: the owner (OWNER_EMAIL, read at delivery) hears of a new handle request. */
export async function mailHandleRequested(
  trx: DB,
  request: { handle: string; displayName: string; email: string; usageDescription: string },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({ kind: 'handle-requested', payload: { ...request }, now });
}

/** Mail 2: the requester hears that the request was approved (with the handle given) or rejected. */
export async function mailHandleDecision(
  trx: DB,
  decision: { approved: boolean; userId: string; handle: string; displayName: string; reason?: string | null },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({
    kind: decision.approved ? 'handle-approved' : 'handle-rejected',
    userId: decision.userId,
    payload: {
      handle: decision.handle,
      displayName: decision.displayName,
      ...(decision.reason ? { reason: decision.reason } : {}),
    },
    now,
  });
}

/** Every admin hears of a new invite request (issue 31): one mail each, in the request's transaction. */
export async function mailInviteRequested(
  trx: DB,
  request: { name: string; email: string; handle: string },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insertForAdmins({ kind: 'invite-requested', payload: { ...request }, now });
}

/** The person hears that their account was deleted, at the address it had (the row is gone), and until when it can come back. */
export async function mailAccountDeleted(
  trx: DB,
  deleted: { email: string; displayName: string; bySelf: boolean; restorableUntil: number },
  now = Date.now(),
): Promise<void> {
  const { email, ...payload } = deleted;
  await emailRepository(trx).insert({ kind: 'account-deleted', toAddress: email, payload, now });
}

/** The person hears that their account is back. */
export async function mailAccountRestored(trx: DB, restored: { userId: string; displayName: string }, now = Date.now()) {
  await emailRepository(trx).insert({
    kind: 'account-restored',
    userId: restored.userId,
    payload: { displayName: restored.displayName },
    now,
  });
}

/** Mail 2: a holder hears that their handle was removed. */
export async function mailHandleRemoved(trx: DB, removed: { userId: string; handle: string }, now = Date.now()): Promise<void> {
  await emailRepository(trx).insert({ kind: 'handle-removed', userId: removed.userId, payload: { handle: removed.handle }, now });
}

/**
 * Mail 4: the post waits for its handle's next instant mail; the worker picks the followers who
 * have chosen Instantly when it hands the mail out (ADR 0141). One small write.
 */
export async function mailNewPost(trx: DB, post: { handle: string; postId: number }) {
  await emailRepository(trx).queueListPost(post);
}

/** A list's file changed (the link watcher, issue 29): its followers hear of it as an update, once an hour at most. */
export async function mailListChanged(db: DB, change: { userId: string; listId: number }) {
  await listChangeRepository(db).queueListChange(change);
}

/** The link of the owner's list broke: they are told what is wrong and how to fix it (rendered as it is when it goes). */
export async function mailLinkBroken(db: DB, broken: { userId: string; listId: number }, now = Date.now()) {
  await emailRepository(db).insert({ kind: 'link-broken', userId: broken.userId, payload: { listId: broken.listId }, now });
}

/**
 * Item alerts whose condition became true (docs/decisions/0209): each person hears of theirs with the
 * prices as they were read, queued in the transaction that records the crossings, in one statement.
 */
export async function mailItemAlerts(
  trx: DB,
  alerts: Array<{ userId: string; payload: Record<string, unknown>; dedupeKey: string }>,
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insertMany(alerts.map((alert) => ({ kind: 'item-alert', ...alert, now })));
}

/** Mail 5: the form's owner, if they want responses instantly. */
export async function mailFormResponse(trx: DB, response: { formId: string; submittedAt: number }, now = Date.now()) {
  await emailRepository(trx).queueFormResponse({ formId: response.formId, since: response.submittedAt, now });
}

/** What a category can be turned back on to: a list-update or form-response choice, or 'on' for notices. */
export type SubscribedChoice = Exclude<ListUpdateChoice | FormResponseChoice, 'off'> | 'on';

const DEFAULT_CHOICE: Record<UnsubscribeCategory, SubscribedChoice> = {
  'list-updates': 'daily',
  'form-responses': 'instant',
  notices: 'on',
};

/** Is `value` something this category can be turned back on to? */
export function isSubscribedChoice(category: UnsubscribeCategory, value: string): value is SubscribedChoice {
  if (category === 'notices') return value === 'on';
  const choices: readonly string[] = category === 'list-updates' ? LIST_UPDATE_CHOICES : FORM_RESPONSE_CHOICES;
  return value !== 'off' && choices.includes(value);
}

function choiceOf(prefs: EmailPreferences, category: UnsubscribeCategory): SubscribedChoice | 'off' {
  if (category === 'list-updates') return prefs.listUpdates;
  if (category === 'form-responses') return prefs.formResponses;
  return prefs.notices ? 'on' : 'off';
}

function columnsFor(category: UnsubscribeCategory, choice: SubscribedChoice | 'off') {
  if (category === 'notices') return { notices: choice !== 'off' };
  if (category === 'list-updates') return { list_updates: choice as ListUpdateChoice };
  return { form_responses: choice as FormResponseChoice };
}

/** A supplier hears that a business asks for access to their trade-only lists (docs/decisions/0180). */
export async function mailTradeRequest(
  trx: DB,
  request: { ownerId: string; handle: string; businessName: string; displayName: string; note: string },
  now = Date.now(),
): Promise<void> {
  const { ownerId, ...payload } = request;
  await emailRepository(trx).insert({ kind: 'trade-request', userId: ownerId, payload, now });
}

/** The member hears the supplier's answer. */
export async function mailTradeDecision(
  trx: DB,
  decision: { approved: boolean; memberId: string; handle: string; displayName: string; reason?: string },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({
    kind: decision.approved ? 'trade-approved' : 'trade-declined',
    userId: decision.memberId,
    payload: { handle: decision.handle, displayName: decision.displayName, reason: decision.reason ?? '' },
    now,
  });
}

/** Preferences, the admin view, unsubscribing (rendering a claimed mail is render.ts). */
export function emailService(db: DB) {
  const repo = emailRepository(db);

  return {
    async preferencesOf(user: SessionUser): Promise<EmailPreferences> {
      const { listUpdates, formResponses, notices } = await repo.preferences(user.email);
      return { listUpdates, formResponses, notices };
    },

    async updatePreferences(user: SessionUser, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
      await repo.preferences(user.email);
      const now = Date.now();
      await repo.updatePreferences(
        { email: user.email },
        {
          ...(changes.listUpdates ? { list_updates: changes.listUpdates } : {}),
          ...(changes.formResponses ? { form_responses: changes.formResponses } : {}),
          ...(changes.notices !== undefined ? { notices: changes.notices } : {}),
        },
        now,
      );
      // The signed-in person has taken charge of their mail: a token someone else saw stops working in time (ADR 0133).
      await repo.rotateToken(user.email, now);
      return this.preferencesOf(user);
    },

    /** Who a token belongs to (masked), for the confirmation page; null for an unknown token. */
    async unsubscribeTarget(token: string): Promise<{ email: string } | null> {
      const row = await repo.preferencesByToken(token);
      return row ? { email: row.email } : null;
    },

    /**
     * One click: the category is off for the token's address. Returns what it was before (the undo
     * puts it back), or null for an unknown token.
     */
    async unsubscribe(token: string, category: UnsubscribeCategory): Promise<SubscribedChoice | null> {
      const before = await repo.preferencesByToken(token);
      if (!before) return null;
      const changed = await repo.updatePreferences({ token }, columnsFor(category, 'off'), Date.now());
      if (!changed) return null;
      const was = choiceOf(before, category);
      // Pressed twice: undoing puts back what a new member gets, not "off".
      return was === 'off' ? DEFAULT_CHOICE[category] : was;
    },

    /** The undo of an unsubscribe: the category back to `choice`. False for an unknown token. */
    async resubscribe(token: string, category: UnsubscribeCategory, choice: SubscribedChoice): Promise<boolean> {
      return repo.updatePreferences({ token }, columnsFor(category, choice), Date.now());
    },

    async status(): Promise<EmailStatus> {
      const [counts, failures] = await Promise.all([repo.counts(), repo.latestFailures(20)]);
      return {
        counts: Object.fromEntries(EMAIL_STATES.map((s) => [s, counts[s] ?? 0])) as EmailStatus['counts'],
        failures,
      };
    },

    async retry(id: number): Promise<void> {
      const outcome = await repo.requeue(id, Date.now());
      if (outcome === 'not-found') throw notFound(EMAIL_MESSAGES.notFound);
      if (outcome === 'not-retryable') throw conflict(EMAIL_MESSAGES.notRetryable);
    },

    mailbox: (limit: number) => repo.mailboxList(limit),
    mailboxItem: (id: number) => repo.mailboxItem(id),
  };
}
