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
import { handlesService } from '../handles/service';
import { type ClaimedMail, emailRepository } from './repository';
import * as templates from './templates';

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

const MAX_POSTS_A_MAIL = 20;

const CATEGORY_OF: Record<string, UnsubscribeCategory | null> = {
  invite: 'notices',
  'handle-requested': 'notices',
  'handle-approved': null,
  'handle-rejected': null,
  'handle-removed': 'notices',
  'list-update': 'list-updates',
  'list-digest': 'list-updates',
  'form-response': 'form-responses',
  'form-digest': 'form-responses',
};

export type RenderOutcome =
  | { rendered: templates.RenderedMail & { to: { name: string; address: string } }; unsubscribeUrl: string | null }
  | { cancel: string };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

/** Preferences, the admin view, unsubscribing, and rendering a claimed mail. */
export function emailService(db: DB, settings: { publicUrl: string; ownerEmail: string | undefined }) {
  const repo = emailRepository(db);

  const unsubscribeUrl = (token: string, category: UnsubscribeCategory) =>
    `${settings.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}&category=${category}`;

  /** Is this category still wanted (the person may have changed their mind since it was queued)? */
  function wanted(mail: ClaimedMail, prefs: Omit<EmailPreferences, never>): boolean {
    switch (mail.kind) {
      case 'list-update':
        return prefs.listUpdates === 'instant';
      case 'list-digest':
        return prefs.listUpdates === str(mail.payload.period);
      case 'form-response':
        return prefs.formResponses === 'instant';
      case 'form-digest':
        return prefs.formResponses === 'daily';
      default:
        return CATEGORY_OF[mail.kind] === 'notices' ? prefs.notices : true;
    }
  }

  async function body(mail: ClaimedMail, ctx: templates.MailContext, now: number): Promise<templates.RenderedMail | string> {
    const p = mail.payload;
    switch (mail.kind) {
      case 'invite':
        return templates.inviteMail(ctx, { handle: str(p.handle), displayName: str(p.displayName) });
      case 'handle-requested':
        return templates.handleRequestedMail(ctx, {
          handle: str(p.handle),
          displayName: str(p.displayName),
          email: str(p.email),
          usageDescription: str(p.usageDescription),
        });
      case 'handle-approved':
        return templates.handleApprovedMail(ctx, { handle: str(p.handle), displayName: str(p.displayName) });
      case 'handle-rejected':
        return templates.handleRejectedMail(ctx, { handle: str(p.handle), displayName: str(p.displayName) });
      case 'handle-removed':
        return templates.handleRemovedMail(ctx, { handle: str(p.handle) });
      case 'list-update': {
        const handle = str(p.handle);
        // From the first post the mail was queued for: later ones were gathered into it.
        const after = num(p.since) - 1;
        // Who holds the handle is the handles module's answer; a holder since the post is not told of.
        const holder = await handlesService(db).holder(handle);
        const posts = holder ? await repo.handlePosts(handle, holder.userId, after, now, MAX_POSTS_A_MAIL) : [];
        if (!holder || posts.length === 0) return 'Nothing new to tell.';
        return templates.listUpdateMail(ctx, { handle, displayName: holder.displayName, posts });
      }
      case 'list-digest': {
        const rows = await repo.digestPosts(mail.userId ?? '', num(p.from), num(p.to));
        if (rows.length === 0) return 'Nothing new to tell.';
        const handles = new Map<string, templates.HandlePosts>();
        for (const row of rows) {
          const group = handles.get(row.handle) ?? { handle: row.handle, displayName: row.displayName, posts: [] };
          if (group.posts.length < MAX_POSTS_A_MAIL) group.posts.push(row);
          handles.set(row.handle, group);
        }
        return templates.listDigestMail(ctx, {
          period: p.period === 'weekly' ? 'weekly' : 'daily',
          handles: [...handles.values()],
        });
      }
      case 'form-response': {
        const after = num(p.since) - 1;
        const forms = await repo.formResponses({ ownerId: mail.userId ?? '', formId: str(p.formId), after, upTo: now });
        if (forms.length === 0) return 'Nothing new to tell.';
        return templates.formResponsesMail(ctx, { daily: false, forms });
      }
      case 'form-digest': {
        const forms = await repo.formResponses({ ownerId: mail.userId ?? '', after: num(p.from) - 1, upTo: num(p.to) - 1 });
        if (forms.length === 0) return 'Nothing new to tell.';
        return templates.formResponsesMail(ctx, { daily: true, forms });
      }
      default:
        return `Unknown kind of mail: ${mail.kind}`;
    }
  }

  return {
    /**
     * A claimed mail as it goes out now: recipient (a member's current address, the invitee, or
     * OWNER_EMAIL), preferences checked, body rendered, unsubscribe link added. Or why it is not sent.
     */
    async render(mail: ClaimedMail, now: number): Promise<RenderOutcome> {
      let to: { name: string; address: string } | undefined;
      if (mail.userId) {
        const user = await repo.userAddress(mail.userId);
        if (user) to = { name: user.displayName, address: user.email };
      } else if (mail.toAddress) {
        to = { name: str(mail.payload.displayName), address: mail.toAddress };
      } else if (mail.kind === 'handle-requested' && settings.ownerEmail) {
        to = { name: '', address: settings.ownerEmail };
      }
      if (!to) return { cancel: mail.kind === 'handle-requested' ? 'OWNER_EMAIL is not set.' : 'The recipient is gone.' };

      const category = mail.kind === 'invite' && mail.payload.fromRequest === true ? null : (CATEGORY_OF[mail.kind] ?? null);
      let unsubscribe: string | null = null;
      if (category) {
        const prefs = await repo.preferences(to.address);
        if (!wanted(mail, prefs)) return { cancel: 'The recipient turned this mail off.' };
        unsubscribe = unsubscribeUrl(prefs.token, category);
      }
      const rendered = await body(mail, { publicUrl: settings.publicUrl, unsubscribeUrl: unsubscribe ?? undefined }, now);
      if (typeof rendered === 'string') return { cancel: rendered };
      return { rendered: { ...rendered, to }, unsubscribeUrl: unsubscribe };
    },

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
