import { sql } from 'kysely';
import type { Audience } from '../../../core/trade';
import { tradeAccess } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';

/** All SQL of access requests and trade settings (docs/decisions/0180). */
export function tradeRepository(db: DB) {
  return {
    /** Whoever holds a handle, and how many trade-only lists they have. */
    async holder(handle: string) {
      return db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select((eb) => [
          'h.handle',
          'h.user_id as userId',
          'u.display_name as displayName',
          eb
            .selectFrom('lists as l')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('l.user_id', '=', 'h.user_id')
            .where('l.audience', '=', 'trade')
            .as('tradeLists'),
        ])
        .where('h.handle', '=', handle)
        .executeTakeFirst();
    },

    /** The same rule the sealed contents follow: the owner, or a member they approved. */
    async hasAccess(ownerId: string, viewerId: string): Promise<boolean> {
      const row = await db.selectNoFrom(tradeAccess(ownerId, viewerId).as('access')).executeTakeFirstOrThrow();
      return row.access === true;
    },

    async request(ownerId: string, memberId: string) {
      return db
        .selectFrom('trade_requests')
        .select([
          'state',
          'business_name as businessName',
          'note',
          'created_at as createdAt',
          'decided_at as decidedAt',
          'decline_reason as declineReason',
        ])
        .where('owner_id', '=', ownerId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /**
     * A request from `memberId`, pending again when it was declined before; an approved member
     * stays approved. Returns the state it is in afterwards, and whether it is newly pending.
     */
    async ask(row: { ownerId: string; memberId: string; businessName: string; note: string; now: number }) {
      const result = await db
        .insertInto('trade_requests')
        .values({
          owner_id: row.ownerId,
          member_id: row.memberId,
          business_name: row.businessName,
          note: row.note,
          state: 'pending',
          created_at: row.now,
        })
        .onConflict((oc) =>
          oc.columns(['owner_id', 'member_id']).doUpdateSet({
            business_name: row.businessName,
            note: row.note,
            state: sql`case when trade_requests.state = 'approved' then 'approved' else 'pending' end`,
            created_at: sql`case when trade_requests.state = 'approved' then trade_requests.created_at else ${row.now}::bigint end`,
            decided_at: sql`case when trade_requests.state = 'approved' then trade_requests.decided_at else null end`,
            decline_reason: '',
          }),
        )
        .returning(['state'])
        .executeTakeFirstOrThrow();
      return result.state;
    },

    /** The supplier's answer (and why, on a decline); the request locked by its update. Undefined when there is no such request. */
    async decide(ownerId: string, memberId: string, state: 'approved' | 'declined', now: number, from: string[], reason = '') {
      return db
        .updateTable('trade_requests')
        .set({ state, decided_at: now, decline_reason: state === 'declined' ? reason : '' })
        .where('owner_id', '=', ownerId)
        .where('member_id', '=', memberId)
        .where('state', 'in', from as Array<'pending' | 'approved' | 'declined'>)
        .returning(['business_name as businessName'])
        .executeTakeFirst();
    },

    /** Access removed: the row goes, so the member may ask again like anyone. */
    async remove(ownerId: string, memberId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('trade_requests')
        .where('owner_id', '=', ownerId)
        .where('member_id', '=', memberId)
        .where('state', '=', 'approved')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The requests a supplier has to answer and the members they approved, newest first. */
    async membersOf(ownerId: string, limit: number) {
      return db
        .selectFrom('trade_requests as r')
        .innerJoin('users as u', 'u.id', 'r.member_id')
        .leftJoin('handles as h', 'h.user_id', 'r.member_id')
        .select([
          'r.member_id as memberId',
          'r.business_name as businessName',
          'u.display_name as displayName',
          'u.email',
          'h.handle',
          'r.note',
          'r.state',
          'r.created_at as createdAt',
          'r.decided_at as decidedAt',
          // Whether the member still follows: an unfollow leaves their access as given (ADR 0213).
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('follows as f')
                  .innerJoin('handles as oh', 'oh.handle', 'f.handle')
                  .whereRef('f.follower_id', '=', 'r.member_id')
                  .whereRef('oh.user_id', '=', 'r.owner_id')
                  .select(sql.lit(1).as('one')),
              )
              .as('following'),
        ])
        .where('r.owner_id', '=', ownerId)
        .where('r.state', 'in', ['pending', 'approved'])
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The person's trade settings, and whether they hold a handle (shown to followed businesses unless they say no). */
    async settings(userId: string) {
      return db
        .selectFrom('users as u')
        .leftJoin('handles as h', 'h.user_id', 'u.id')
        .select([
          'u.default_audience as defaultAudience',
          'u.shown_to_followed as shownToFollowed',
          'u.business_name as businessName',
          'h.handle',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    async saveSettings(
      userId: string,
      changes: { defaultAudience?: Audience; shownToFollowed?: boolean; businessName?: string | null },
    ): Promise<void> {
      const set = {
        ...(changes.defaultAudience !== undefined ? { default_audience: changes.defaultAudience } : {}),
        ...(changes.shownToFollowed !== undefined ? { shown_to_followed: changes.shownToFollowed } : {}),
        ...(changes.businessName !== undefined ? { business_name: changes.businessName } : {}),
      };
      if (Object.keys(set).length === 0) return;
      await db.updateTable('users').set(set).where('id', '=', userId).execute();
    },

    /** The business name a member gives with a request is remembered, when they have none yet. */
    async rememberBusinessName(userId: string, name: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ business_name: name })
        .where('id', '=', userId)
        .where('business_name', 'is', null)
        .execute();
    },
  };
}
