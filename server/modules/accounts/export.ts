import type { AccountExport } from '../../../core/account';
import type { SessionUser } from '../../../core/api';
import { notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { alertRowsRepository } from './alert-rows';
import { dataDownload } from './data-download';
import { exportRepository } from './export-repository';
import { linkCheckRowsRepository } from './link-check-rows';
import { listContentsOf } from './list-contents-repository';
import { orderRowsRepository } from './order-rows';
import { pushRowsRepository } from './push-rows';

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
      // Who is on the other side is shown by name, as the order pages do, not by account id.
      const orders = (await orderRowsRepository(trx).ordersOf(user.id)).map(
        ({ buyer_id, supplier_id: _s, send_key: _k, answerLinks: _a, ...order }) => ({ ...order, sent: buyer_id === user.id }),
      );
      // A device by its push service and when, without its address and keys (push-rows.ts).
      const push = pushRowsRepository(trx);
      const devices = (await push.pushSubscriptionsOf(user.id)).map((s) => ({
        pushService: new URL(s.endpoint).host,
        created_at: s.created_at,
      }));
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
        orders: {
          sent: orders.filter((o) => o.sent).map(({ sent: _, ...o }) => o),
          received: orders.filter((o) => !o.sent).map(({ sent: _, ...o }) => o),
        },
        orderBlocks: await orderRowsRepository(trx).orderBlocksForExport(user.id),
        itemAlerts: await alertRowsRepository(trx).itemAlertsOf(user.id),
        checkNowPresses: await alertRowsRepository(trx).checkNowPressesOf(user.id),
        quietHours: await push.alertSettingsOf(user.id),
        pushDevices: devices,
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
