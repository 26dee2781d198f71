import { sql } from 'kysely';
import type { SessionLookup } from '../../plugins/session';

/**
 * The live session behind a cookie with the person behind it (a `SessionRow`), as SQL another
 * query can start from: a route that checks the session in its own statement saves a round trip
 * per request (docs/decisions/0107). The one definition: the auth repository's own lookup uses it too.
 */
export function sessionRowSql(lookup: SessionLookup) {
  return sql`
    select s.id as "sessionId", s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt",
      u.id as "userId", u.email, u.display_name as "displayName", u.admin, h.handle
    from sessions s
    join users u on u.id = s.user_id
    left join handles h on h.user_id = u.id
    where s.id = ${lookup.sessionId} and s.expires_at > ${lookup.now} and s.last_seen_at > ${lookup.now - lookup.idleMs}`;
}

/** The session row's columns as a query selecting from `sessionRowSql` names them, `handle` renamed. */
export const SESSION_COLUMNS = sql.raw(
  'session."sessionId", session."lastSeenAt", session."expiresAt", session."userId", session.email, ' +
    'session."displayName", session.admin, session.handle as "sessionHandle"',
);
