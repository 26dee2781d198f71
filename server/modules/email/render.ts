import type { EmailPreferences, UnsubscribeCategory } from '../../../core/email';
import type { DB } from '../../plugins/db';
import { handlesService } from '../handles/service';
import { type ClaimedMail, emailRepository } from './repository';
import * as templates from './templates';

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

/** Is this category still wanted (the person may have changed their mind since it was queued)? */
function wanted(mail: ClaimedMail, prefs: EmailPreferences): boolean {
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

/** Renders claimed mails at delivery: recipient, preferences, body and unsubscribe link as they are now. */
export function mailRenderer(db: DB, settings: { publicUrl: string; ownerEmail: string | undefined }) {
  const repo = emailRepository(db);

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

  async function body(
    mail: ClaimedMail,
    ctx: templates.MailContext,
    now: number,
    lookups: MailLookups,
  ): Promise<templates.RenderedMail | string> {
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
        const news = await lookups.shared(`list:${handle}:${after}`, async () => {
          // Who holds the handle is the handles module's answer; a holder since the post is not told of.
          const holder = await handlesService(db).holder(handle);
          const posts = holder ? await repo.handlePosts(handle, holder.userId, after, now, MAX_POSTS_A_MAIL) : [];
          return { holder, posts };
        });
        if (!news.holder || news.posts.length === 0) return 'Nothing new to tell.';
        return templates.listUpdateMail(ctx, { handle, displayName: news.holder.displayName, posts: news.posts });
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
      const ctx: templates.MailContext = {
        publicUrl: settings.publicUrl,
        unsubscribeUrl: unsubscribe ?? undefined,
        settingsUrl: mail.userId ? `${settings.publicUrl}/settings` : undefined,
      };
      const rendered = await body(mail, ctx, now, look);
      if (typeof rendered === 'string') return { cancel: rendered };
      return { rendered: { ...rendered, to }, unsubscribeUrl: unsubscribe };
    },
  };
}
