import type { SessionUser } from '../../../core/api';
import { normalizeHandle } from '../../../core/handle';
import { CONTENTS_TEXT, type UnreadableReason } from '../../../core/list-contents';
import { LIST_MESSAGES } from '../../../core/list-messages';
import type { ListPage } from '../../../core/list-page';
import type { PricesPage } from '../../../core/price-table';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { priceTableService } from '../contents/price-table';
import { contentsReadRepository } from '../contents/read-repository';
import { followsService } from '../follows/service';
import { linkChecksService } from '../link-check/service';
import { profilesService } from '../profiles/service';
import { listsRepository } from './repository';

/**
 * The one loader of a list's own page (docs/decisions/0142): the business's face, the viewer's
 * Follow state, and the list by its newest version. Both the API route and the server's render of
 * the page call it. A 404 says whether the business or only the list is gone.
 */
export async function listPageData(db: DB, handle: string, slug: string, viewer: SessionUser | null): Promise<ListPage> {
  const found = await profilesService(db).publicProfile(normalizeHandle(handle));
  if (!found) throw notFound(LIST_MESSAGES.businessGone);
  // A trade-only list reads blank for a viewer without access (ADR 0180): the server's render is a visitor's.
  const list = await listsRepository(db).pageAt(found.userId, slug.toLowerCase(), viewer?.id ?? null);
  if (!list) throw notFound(LIST_MESSAGES.listGone);
  const isOwner = viewer?.id === found.userId;
  const following = viewer && !isOwner ? await followsService(db).isFollowing(viewer.id, found.handle, found.userId) : null;
  const [file, prices, summaries] = await Promise.all([
    linkChecksService(db).shownState(Number(list.id), Number(list.postId)),
    list.locked ? null : priceTableService(db).listPrices(Number(list.id), isOwner),
    list.locked ? null : contentsReadRepository(db).summariesOf([Number(list.id)], viewer?.id ?? null),
  ]);
  const summary = summaries?.get(Number(list.id));
  return {
    profile: { handle: found.handle, displayName: found.displayName, business: found.card, isOwner, following },
    list: {
      id: Number(list.id),
      name: list.name,
      slug: list.slug,
      tradeOnly: list.audience === 'trade',
      locked: list.locked,
      // Locked: nothing of its history either.
      description: list.locked ? '' : list.description,
      versions: list.locked ? 1 : Number(list.versions),
      validFrom: list.locked ? null : list.validFrom,
      validUntil: list.locked ? null : list.validUntil,
      postedAt: Number(list.postedAt),
      editedAt: list.locked || list.editedAt === null ? null : Number(list.editedAt),
      // What the link watcher (issue 29) learned of the newest version's file.
      // Nothing of a locked list's file either (docs/decisions/0180).
      fileChangedAt: list.locked ? null : file.fileChangedAt,
      unavailable: list.locked ? null : file.unavailable,
      prices,
      // The change line, rendered with the page (issue 43: it needed JavaScript).
      changes: summary ? { ...summary, reason: summary.reason as UnreadableReason | null } : null,
    },
  };
}

/**
 * The rows of a version of the list's prices from `from` on (issue 39): the same rule as its page,
 * a trade-only list's only to a viewer with access (docs/decisions/0180).
 */
export async function listPricesFrom(
  db: DB,
  handle: string,
  slug: string,
  at: { version: number; from: number },
  viewer: SessionUser | null,
): Promise<PricesPage> {
  const list = await contentsReadRepository(db).listAt(normalizeHandle(handle), slug.toLowerCase(), viewer?.id ?? null);
  if (!list) throw notFound(LIST_MESSAGES.listGone);
  if (!list.readable) throw forbidden(TRADE_MESSAGES.locked);
  const page = await priceTableService(db).rowsFrom(list.id, at.version, at.from);
  if (!page) throw notFound(CONTENTS_TEXT.versionGone);
  return page;
}
