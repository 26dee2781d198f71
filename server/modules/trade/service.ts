import type { SessionUser } from '../../../core/api';
import {
  type AccessRequestInput,
  TRADE_MESSAGES,
  type TradeAccess,
  type TradeDecision,
  type TradeMember,
  type TradeMembers,
  type TradeSettings,
} from '../../../core/trade';
import type { AccessChanged } from '../../access-changed';
import { badRequest, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailTradeDecision, mailTradeRequest } from '../email/service';
import { followsService } from '../follows/service';
import { tradeRepository } from './repository';

/** The most requests and members the dashboard lists. */
export const MEMBERS_LIMIT = 500;

/**
 * Access to trade-only lists (docs/decisions/0180): a signed-in person asks a handle's holder, who
 * approves, declines or later removes them. What access opens is decided in the database
 * (trade_contents_for); this service only writes who has it.
 */
export function tradeService(db: DB, accessChanged?: AccessChanged) {
  const repo = tradeRepository(db);

  async function holderOf(handle: string) {
    const holder = await repo.holder(handle);
    if (!holder) throw notFound(TRADE_MESSAGES.noSuchHandle);
    return { ...holder, tradeLists: Number(holder.tradeLists ?? 0) };
  }

  return {
    /** Where the viewer stands with a handle's trade-only lists. */
    async access(viewer: SessionUser, handle: string): Promise<TradeAccess> {
      const holder = await holderOf(handle);
      const settings = await repo.settings(viewer.id);
      const base = { handle: holder.handle, tradeLists: holder.tradeLists, businessName: settings?.businessName ?? null };
      if (holder.userId === viewer.id) return { ...base, state: 'owner' };
      const request = await repo.request(holder.userId, viewer.id);
      if (request?.state === 'declined') {
        return { ...base, state: 'declined', declinedAt: request.decidedAt, declineReason: request.declineReason };
      }
      return { ...base, state: request?.state ?? 'none' };
    },

    /**
     * The viewer asks for access; they follow the handle too, so its updates reach them once
     * approved. Asking again while pending updates the request; an approved member stays approved;
     * a declined one is pending again. The supplier is told of each new pending request.
     */
    async ask(viewer: SessionUser, handle: string, input: AccessRequestInput): Promise<TradeAccess> {
      return db.transaction().execute(async (trx) => {
        const repo = tradeRepository(trx);
        const holder = await tradeService(trx).holderOrThrow(handle);
        if (holder.userId === viewer.id) throw badRequest(TRADE_MESSAGES.notOwnHandle);
        if (holder.tradeLists === 0) throw badRequest(TRADE_MESSAGES.noTradeLists);
        const now = Date.now();
        const before = await repo.request(holder.userId, viewer.id);
        const state = await repo.ask({ ownerId: holder.userId, memberId: viewer.id, ...input, now });
        await followsService(trx, accessChanged).follow(viewer.id, holder.handle);
        await repo.rememberBusinessName(viewer.id, input.businessName);
        if (state === 'pending' && before?.state !== 'pending') {
          await mailTradeRequest(
            trx,
            { ownerId: holder.userId, handle: holder.handle, displayName: viewer.displayName, ...input },
            now,
          );
        }
        return { handle: holder.handle, state, tradeLists: holder.tradeLists, businessName: input.businessName };
      });
    },

    async holderOrThrow(handle: string) {
      return holderOf(handle);
    },

    /** The supplier's pending requests and approved members. */
    async members(user: SessionUser): Promise<TradeMembers> {
      if (!user.handle) throw forbidden(TRADE_MESSAGES.needsHandle);
      const rows: TradeMember[] = (await repo.membersOf(user.id, MEMBERS_LIMIT)).map((r) => ({
        ...r,
        following: Boolean(r.following),
      }));
      return { pending: rows.filter((r) => r.state === 'pending'), approved: rows.filter((r) => r.state === 'approved') };
    },

    /** Approve or decline a pending request (the member is told, with the reason if given), or remove access given before. */
    async decide(user: SessionUser, memberId: string, decision: TradeDecision, reason = ''): Promise<TradeMembers> {
      if (!user.handle) throw forbidden(TRADE_MESSAGES.needsHandle);
      const handle = user.handle;
      await db.transaction().execute(async (trx) => {
        const repo = tradeRepository(trx);
        const now = Date.now();
        if (decision === 'remove') {
          if (!(await repo.remove(user.id, memberId))) throw notFound(TRADE_MESSAGES.requestNotFound);
          await accessChanged?.({ ownerId: user.id, userId: memberId }, trx);
          return;
        }
        const approved = decision === 'approve';
        // Declining someone already approved is removing them; approving twice changes nothing.
        const from = approved ? ['pending', 'declined'] : ['pending'];
        const changed = await repo.decide(user.id, memberId, approved ? 'approved' : 'declined', now, from, reason);
        if (!changed) {
          const current = await repo.request(user.id, memberId);
          if (current?.state === (approved ? 'approved' : 'declined')) return;
          throw notFound(TRADE_MESSAGES.requestNotFound);
        }
        await mailTradeDecision(trx, { approved, memberId, handle, displayName: user.displayName, reason }, now);
        // Declining a pending request opens and closes nothing.
        if (approved) await accessChanged?.({ ownerId: user.id, userId: memberId }, trx);
      });
      return this.members(user);
    },

    /** Whether the viewer reads a handle's trade-only lists (its holder, or an approved member). */
    async canRead(viewerId: string, ownerId: string): Promise<boolean> {
      return repo.hasAccess(ownerId, viewerId);
    },

    async settings(userId: string): Promise<TradeSettings> {
      const row = await repo.settings(userId);
      return {
        defaultAudience: row?.defaultAudience ?? 'public',
        // Never chosen: a holder of a public handle is shown, anyone else is not (as the Followers page does).
        shownToFollowed: row?.shownToFollowed ?? Boolean(row?.handle),
        businessName: row?.businessName ?? null,
      };
    },

    async saveSettings(
      userId: string,
      changes: {
        defaultAudience?: 'public' | 'trade' | undefined;
        shownToFollowed?: boolean | undefined;
        businessName?: string | null | undefined;
      },
    ): Promise<TradeSettings> {
      await repo.saveSettings(userId, {
        ...(changes.defaultAudience !== undefined ? { defaultAudience: changes.defaultAudience } : {}),
        ...(changes.shownToFollowed !== undefined ? { shownToFollowed: changes.shownToFollowed } : {}),
        ...(changes.businessName !== undefined ? { businessName: changes.businessName } : {}),
      });
      return this.settings(userId);
    },
  };
}
