import { logoPath } from '../../../core/business-profile';
import type { EmailPreferences, UnsubscribeCategory } from '../../../core/email';
import type { LinkHealth } from '../../../core/link-check';
import type { DB } from '../../plugins/db';
import { itemAlertBody } from './alert-mail';
import { CATEGORY_OF, wanted } from './categories';
import { mailChangesRepository } from './changes-repository';
import { withAnswers } from './form-answers';
import { formResponsesMail } from './form-templates';
import { type MailContext, type RenderedMail, type RenderSettings, supportReplyTo } from './layout';
import { changedListsParts, linkBrokenMail, listChangedMail } from './link-templates';
import type { ChangedList } from './list-change-repository';
import { listChangeRepository } from './list-change-repository';
import { type HandlePosts, listDigestMail, listUpdateMail, type MailPost } from './list-templates';
import { orderMailBody } from './order-mail-body';
import { type ClaimedMail, emailRepository } from './repository';
import * as templates from './templates';
import { tradeMailBody } from './trade-templates';

const MAX_POSTS_A_MAIL = 20;
/** The reader since chose a digest or nothing for the business (their digest covers it; ADR 0214). */
const NOT_INSTANT = 'The reader no longer hears of this business instantly.';

export type RenderOutcome =
  | { rendered: RenderedMail & { to: { name: string; address: string } }; unsubscribeUrl: string | null }
  | { cancel: string };

type Preferences = EmailPreferences & { token: string };

/**
 * What rendering reads besides the mail itself. A batch of claimed mails loads its recipients and
 * their preferences in two statements, and mails about the same thing (50,000 followers told of one
 * post) share one read of it (docs/decisions/0096).
 */
export interface MailLookups {
  user(userId: string): Promise<{ email: string; displayName: string } | undefined>;
  preferences(address: string): Promise<Preferences>;
  /** One load per key for the whole batch. */
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

/** Renders claimed mails at delivery: recipient, preferences, body and unsubscribe link as they are now. */
export function mailRenderer(db: DB, settings: RenderSettings) {
  const repo = emailRepository(db);
  const changes = listChangeRepository(db);

  const unsubscribeUrl = (token: string, category: UnsubscribeCategory) =>
    `${settings.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}&category=${category}`;

  /** Where each mail's recipient and preferences come from: loaded for the whole batch up front. */
  async function lookupsFor(batch: ClaimedMail[]): Promise<MailLookups> {
    const userIds = [...new Set(batch.flatMap((m) => (m.userId ? [m.userId] : [])))];
    const users = await repo.userAddresses(userIds);
    const addresses = new Set(batch.flatMap((m) => (m.toAddress ? [m.toAddress] : [])));
    for (const user of users.values()) addresses.add(user.email);
    if (settings.ownerEmail && batch.some((m) => m.kind === 'handle-requested')) addresses.add(settings.ownerEmail);
    const preferences = await repo.preferencesOfMany([...addresses]);
    const loads = new Map<string, Promise<unknown>>();
    return {
      user: async (userId) => users.get(userId),
      preferences: async (address) => preferences.get(address) ?? repo.preferences(address),
      shared: <T>(key: string, load: () => Promise<T>) => {
        let value = loads.get(key) as Promise<T> | undefined;
        if (!value) {
          value = load();
          loads.set(key, value);
        }
        return value;
      },
    };
  }

  /** Each post with what changed in its file, when Freshlist read it (issue 30), as `readerId` may see it. */
  async function withChanges(posts: MailPost[], readerId: string | null) {
    const changes = await mailChangesRepository(db).ofPosts(
      posts.map((post) => post.id),
      readerId,
    );
    return (post: MailPost): MailPost => ({ ...post, changes: changes.get(post.id) });
  }

  /** Each changed list with what changed in its file, when Freshlist read it (issue 30). */
  async function withListChanges(lists: ChangedList[], readerId: string | null): Promise<ChangedList[]> {
    const changes = await mailChangesRepository(db).ofLists(
      lists.map((list) => list.listId),
      readerId,
    );
    return lists.map((list) => ({ ...list, changes: changes.get(list.listId) }));
  }

  /** A logo's absolute address (mail programs load it from the site), or null. */
  const logoUrlOf = (handle: string, version: string | null | undefined) =>
    version ? `${settings.publicUrl}${logoPath(handle, version)}` : null;

  async function body(mail: ClaimedMail, ctx: MailContext, now: number, lookups: MailLookups): Promise<RenderedMail | string> {
    const p = mail.payload;
    switch (mail.kind) {
      case 'invite':
        return templates.inviteMail(ctx, {
          handle: str(p.handle),
          displayName: str(p.displayName),
          invitedBy: typeof p.invitedBy === 'string' ? p.invitedBy : null,
        });
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
        return templates.handleRejectedMail(ctx, {
          handle: str(p.handle),
          displayName: str(p.displayName),
          reason: str(p.reason),
        });
      case 'invite-requested':
        return templates.inviteRequestedMail(ctx, { name: str(p.name), email: str(p.email), handle: str(p.handle) });
      case 'account-deleted':
        return templates.accountDeletedMail(ctx, {
          displayName: str(p.displayName),
          bySelf: p.bySelf === true,
          restorableUntil: num(p.restorableUntil),
        });
      case 'account-restored':
        return templates.accountRestoredMail(ctx, { displayName: str(p.displayName) });
      case 'handle-removed':
        return templates.handleRemovedMail(ctx, { handle: str(p.handle) });
      case 'list-update': {
        const handle = str(p.handle);
        if (mail.userId && !(await repo.hearsInstantly(mail.userId, handle))) return NOT_INSTANT;
        // The batch's posts (ADR 0141); a mail queued before batches lists the posts since its first.
        const ids = Array.isArray(p.posts) ? p.posts.map(Number).filter(Number.isSafeInteger) : null;
        const after = num(p.since) - 1;
        const key = ids ? `list:${handle}:${ids.join(',')}` : `list:${handle}:${after}`;
        const news = await lookups.shared(key, async () => {
          // Who holds the handle now (a read of the mail's own); a holder since the post is not told of.
          const holder = await repo.holder(handle);
          if (!holder) return { holder, posts: [], logo: undefined };
          const [posts, logo] = await Promise.all([
            ids
              ? repo.postsByIds(handle, holder.userId, ids, MAX_POSTS_A_MAIL)
              : repo.handlePosts(handle, holder.userId, after, now, MAX_POSTS_A_MAIL),
            repo.logoOf(holder.userId),
          ]);
          return { holder, posts, logo };
        });
        if (!news.holder || news.posts.length === 0) return 'Nothing new to tell.';
        let posts = news.posts;
        // A trade-only list in the batch: read again as this recipient, whose access decides (docs/decisions/0180).
        if (posts.some((post) => post.locked) && mail.userId) {
          const holderId = news.holder.userId;
          posts = ids
            ? await repo.postsByIds(handle, holderId, ids, MAX_POSTS_A_MAIL, mail.userId)
            : await repo.handlePosts(handle, holderId, after, now, MAX_POSTS_A_MAIL, mail.userId);
        }
        return listUpdateMail(
          ctx,
          {
            handle,
            displayName: news.holder.displayName,
            logoUrl: logoUrlOf(handle, news.logo?.version),
            posts: posts.map(await withChanges(posts, mail.userId)),
          },
          now,
        );
      }
      case 'list-changed': {
        const handle = str(p.handle);
        if (mail.userId && !(await repo.hearsInstantly(mail.userId, handle))) return NOT_INSTANT;
        const ids = Array.isArray(p.lists) ? p.lists.map(Number).filter(Number.isSafeInteger) : [];
        const lists = await lookups.shared(`changed:${handle}:${ids.join(',')}`, () => changes.changedLists(handle, ids));
        if (lists.length === 0) return 'Nothing new to tell.';
        return listChangedMail(ctx, {
          handle,
          displayName: lists[0]?.displayName ?? '',
          lists: await withListChanges(lists, mail.userId),
        });
      }
      case 'item-alert':
        return itemAlertBody(db, mail, ctx);
      case 'link-broken': {
        const link = await changes.brokenLink(mail.userId ?? '', num(p.listId));
        if (!link?.broken) return 'The link works again.';
        return linkBrokenMail(ctx, { ...link, health: link.health as LinkHealth });
      }
      case 'list-digest': {
        const period = p.period === 'weekly' ? 'weekly' : 'daily';
        // Only the businesses whose bells want this digest (docs/decisions/0214).
        const rows = await repo.digestPosts(mail.userId ?? '', num(p.from), num(p.to), period);
        // Lists whose files changed in the period are an item of their own (issue 29).
        const changed = await changes.digestChanges(mail.userId ?? '', num(p.from), num(p.to), period);
        if (rows.length === 0 && changed.length === 0) return 'Nothing new to tell.';
        const handles = new Map<string, HandlePosts>();
        for (const row of rows) {
          const group = handles.get(row.handle) ?? {
            handle: row.handle,
            displayName: row.displayName,
            logoUrl: logoUrlOf(row.handle, row.logoVersion),
            posts: [],
          };
          if (group.posts.length < MAX_POSTS_A_MAIL) group.posts.push(row);
          handles.set(row.handle, group);
        }
        const told = await withChanges(
          [...handles.values()].flatMap((h) => h.posts),
          mail.userId,
        );
        return listDigestMail(
          ctx,
          {
            period,
            handles: [...handles.values()].map((h) => ({ ...h, posts: h.posts.map(told) })),
            updated: { count: changed.length, ...changedListsParts(ctx, await withListChanges(changed, mail.userId)) },
          },
          now,
        );
      }
      case 'form-response': {
        const after = num(p.since) - 1;
        const forms = await repo.formResponses({ ownerId: mail.userId ?? '', formId: str(p.formId), after, upTo: now });
        if (forms.length === 0) return 'Nothing new to tell.';
        return formResponsesMail(ctx, { daily: false, forms: await withAnswers(db, forms, after, now) });
      }
      case 'form-digest': {
        const forms = await repo.formResponses({ ownerId: mail.userId ?? '', after: num(p.from) - 1, upTo: num(p.to) - 1 });
        if (forms.length === 0) return 'Nothing new to tell.';
        return formResponsesMail(ctx, { daily: true, forms: await withAnswers(db, forms, num(p.from) - 1, num(p.to) - 1) });
      }
      case 'trade-request':
      case 'trade-approved':
      case 'trade-declined':
        return tradeMailBody(mail, ctx);
      case 'order-received':
      case 'order-copy':
      case 'order-decided':
      case 'order-enquiry':
        return orderMailBody(db, mail, ctx);
      default:
        return `Unknown kind of mail: ${mail.kind}`;
    }
  }

  return {
    lookupsFor,

    /**
     * A claimed mail as it goes out now: recipient (a member's current address, the invitee, or
     * OWNER_EMAIL), preferences checked, body rendered, unsubscribe link added. Or why it is not sent.
     */
    async render(mail: ClaimedMail, now: number, lookups?: MailLookups): Promise<RenderOutcome> {
      const look = lookups ?? (await lookupsFor([mail]));
      let to: { name: string; address: string } | undefined;
      if (mail.userId) {
        const user = await look.user(mail.userId);
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
        const prefs = await look.preferences(to.address);
        if (!wanted(mail, prefs)) return { cancel: 'The recipient turned this mail off.' };
        unsubscribe = unsubscribeUrl(prefs.token, category);
      }
      const ctx: MailContext = {
        publicUrl: settings.publicUrl,
        unsubscribeUrl: unsubscribe ?? undefined,
        settingsUrl: mail.userId ? `${settings.publicUrl}/settings` : undefined,
        supportEmail: settings.supportEmail,
      };
      const rendered = await body(mail, ctx, now, look);
      if (typeof rendered === 'string') return { cancel: rendered };
      return { rendered: { ...supportReplyTo(settings.supportEmail), ...rendered, to }, unsubscribeUrl: unsubscribe };
    },
  };
}
