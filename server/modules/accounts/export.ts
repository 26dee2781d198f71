import type { AccountExport } from '../../../core/account';
import type { SessionUser } from '../../../core/api';
import { notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { dataDownload } from './data-download';
import { exportRepository } from './export-repository';
import { linkCheckRowsRepository } from './link-check-rows';
import { listContentsOf } from './list-contents-repository';

/**
 * "Download my data" (issue 15 §6, docs/decisions/0095): one JSON document with everything stored
 * about the signed-in person, read in one repeatable-read snapshot so its parts agree. Other people
 * appear as the product shows them: followers by public handle, the rest counted.
 */
export async function exportAccount(db: DB, user: SessionUser, now = Date.now()): Promise<AccountExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const repo = exportRepository(trx);
      const profile = await repo.profile(user.id);
      if (!profile) throw notFound('Your account was not found.');
      const handle = (await repo.handle(user.id)) ?? null;
      const followers = handle ? await repo.followers(user.id, handle.handle) : [];
      const withHandle = followers.flatMap((f) =>
        f.followerHandle ? [{ handle: f.followerHandle, followed_at: f.followed_at }] : [],
      );
      const forms = await repo.forms(user.id);
      const responses = await repo.responses(forms.map((f) => f.id));
      const numbered = <T extends { id: number | string }>(rows: T[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));
      return {
        format: 'freshlist-export',
        version: 1,
        exportedAt: now,
        profile,
        handle,
        handleRequest: (await repo.handleRequest(user.id)) ?? null,
        inviteRequest: (await repo.inviteRequest(user.id)) ?? null,
        invites: await repo.invites(user.id, profile.email),
        lists: numbered(await repo.lists(user.id)),
        posts: numbered(await repo.posts(user.id)).map((p) => ({ ...p, list_id: Number(p.list_id) })),
        removedPosts: numbered(await repo.removedPosts(user.id)),
        linkChecks: await linkCheckRowsRepository(trx).linkChecksOf(user.id),
        listContents: await listContentsOf(trx, user.id),
        following: await repo.following(user.id),
        tradeRequests: { made: await repo.tradeRequestsMade(user.id), received: await repo.tradeRequestsReceived(user.id) },
        followers: { total: followers.length, withHandle, othersCount: followers.length - withHandle.length },
        forms: forms.map((form) => ({
          ...form,
          responses: numbered(responses.filter((r) => r.form_id === form.id)).map(({ form_id: _, ...r }) => r),
        })),
        emailPreferences: (await repo.emailPreferences(profile.email)) ?? null,
        emails: await repo.emails(user.id, profile.email),
        sessions: await repo.sessions(user.id),
        analyticsEvents: await repo.analyticsEvents(user.id),
        adminActions: await repo.adminActions(user.id),
      };
    });
}

/** The readable download (#31): README, plain names and ISO dates, the logo (data-download.ts). */
export async function exportAccountDownload(db: DB, user: SessionUser): Promise<{ data: AccountExport; zip: Uint8Array }> {
  const data = await exportAccount(db, user);
  const logo = (await exportRepository(db).logo(user.id)) ?? null;
  return { data, zip: dataDownload(data, logo) };
}
