import type { SessionUser } from '../../../core/api';
import {
  EMAIL_MESSAGES,
  EMAIL_STATES,
  type EmailPreferences,
  type EmailStatus,
  type UnsubscribeCategory,
} from '../../../core/email';
import { conflict, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { emailRepository } from './repository';

/**
 * Queueing mail. Each function writes outbox rows in the caller's transaction, so a mail exists
 * exactly when the change that caused it committed (docs/decisions/0090). Nothing is rendered
 * here: the worker renders at delivery, with the data and preferences as they are then.
 */

/** Mails 1 and 3: an invite to take `handle`. `fromRequest`: the person asked for it (no unsubscribe link). */
export async function mailInvite(
  trx: DB,
  invite: { handle: string; email: string; displayName: string; fromRequest: boolean },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({
    kind: 'invite',
    toAddress: invite.email,
    payload: { handle: invite.handle, displayName: invite.displayName, fromRequest: invite.fromRequest },
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
  decision: { approved: boolean; userId: string; handle: string; displayName: string },
  now = Date.now(),
): Promise<void> {
  await emailRepository(trx).insert({
    kind: decision.approved ? 'handle-approved' : 'handle-rejected',
    userId: decision.userId,
    payload: { handle: decision.handle, displayName: decision.displayName },
    now,
  });
}

/** Mail 2: a holder hears that their handle was removed. */
export async function mailHandleRemoved(trx: DB, removed: { userId: string; handle: string }, now = Date.now()): Promise<void> {
  await emailRepository(trx).insert({ kind: 'handle-removed', userId: removed.userId, payload: { handle: removed.handle }, now });
}

/** Mail 4: followers who want list updates instantly get (or have gathered into their pending) mail. One statement. */
export async function mailNewPost(trx: DB, post: { handle: string; holderId: string; createdAt: number }, now = Date.now()) {
  return emailRepository(trx).queueListUpdates({ handle: post.handle, holderId: post.holderId, since: post.createdAt, now });
}

/** Mail 5: the form's owner, if they want responses instantly. */
export async function mailFormResponse(trx: DB, response: { formId: string; submittedAt: number }, now = Date.now()) {
  await emailRepository(trx).queueFormResponse({ formId: response.formId, since: response.submittedAt, now });
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
      await repo.updatePreferences(
        { email: user.email },
        {
          ...(changes.listUpdates ? { list_updates: changes.listUpdates } : {}),
          ...(changes.formResponses ? { form_responses: changes.formResponses } : {}),
          ...(changes.notices !== undefined ? { notices: changes.notices } : {}),
        },
        Date.now(),
      );
      return this.preferencesOf(user);
    },

    /** Who a token belongs to (masked), for the confirmation page; null for an unknown token. */
    async unsubscribeTarget(token: string): Promise<{ email: string } | null> {
      const row = await repo.preferencesByToken(token);
      return row ? { email: row.email } : null;
    },

    /** One click: the category is off for the token's address. False for an unknown token. */
    async unsubscribe(token: string, category: UnsubscribeCategory): Promise<boolean> {
      const changes =
        category === 'list-updates'
          ? { list_updates: 'off' as const }
          : category === 'form-responses'
            ? { form_responses: 'off' as const }
            : { notices: false };
      return repo.updatePreferences({ token }, changes, Date.now());
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
