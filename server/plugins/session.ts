import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../core/api';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../http-errors';
import { userTag } from '../read-cache/read-tags';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 14 * DAY;
export const SESSION_ABSOLUTE_MS = 60 * DAY;
/** Writing last_seen_at on every request would make every read a write. */
const TOUCH_EVERY_MS = 60_000;
/**
 * Last-seen times wait this long and go to the database together, off the request's path: the
 * idle clock counts days, and one statement for every session seen in a second costs what one
 * did for each (docs/decisions/0107).
 */
const TOUCH_BATCH_MS = 1_000;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** A live session with the person behind it, as the sessions table gives it. */
export interface SessionRow {
  sessionId: string;
  lastSeenAt: number;
  expiresAt: number;
  userId: string;
  email: string;
  displayName: string;
  admin: boolean;
  handle: string | null;
}

/** Which session to look for: the cookie's hashed token, live at `now` (not expired, not idle for `idleMs`). */
export interface SessionLookup {
  sessionId: string;
  now: number;
  idleMs: number;
}

/** What the plugin needs of the sessions table; app.ts passes the auth module's (a plugin imports no module). */
export interface SessionStore {
  /** The session if it has neither expired nor gone idle. */
  find(lookup: SessionLookup): Promise<SessionRow | undefined>;
  /** Records that the sessions were used at `now` (a time never moves back). */
  touch(sessionIds: string[], now: number): Promise<void>;
  create(row: { id: string; userId: string; now: number; expiresAt: number }): Promise<void>;
  remove(sessionId: string): Promise<void>;
  removeExpired(now: number, idleMs: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET route that checks the session in its own query when memory does not hold it
     * (docs/decisions/0107): the request then carries `sessionLookup` instead of `user`, and the
     * route passes what its query found to `app.sessions.adopt`.
     */
    sessionInQuery?: boolean;
    /**
     * A route outside /api/ that still needs to know who asks (a trade-only list's stable address
     * opens its file only for readers with access, docs/decisions/0180). Pages never set it.
     */
    withSession?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** On a `sessionInQuery` route, the session its query must check; null once adopted or when there is no cookie. */
    sessionLookup: SessionLookup | null;
  }
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, userId: string): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * Takes the session row a route's own query found for `request.sessionLookup` (undefined:
       * none), as the plugin would have: `request.user` is set when it is live. `since` is the read
       * cache's generation before the query, so a row read before a change notice is not kept.
       */
      adopt(request: FastifyRequest, row: SessionRow | undefined, since: number): SessionUser | null;
    };
  }
}

export function sessionCookieName(config: Config): string {
  // __Host- makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return config.env === 'production' ? '__Host-freshlist_session' : 'freshlist_session';
}

/** A cached session shows its person's row and handle: any change to them, or to their sessions, drops it. */
const SESSION_SHOWS = { tags: (row: SessionRow | undefined) => (row ? [userTag(row.userId)] : []) };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const cacheKey = (sessionId: string) => `session:${sessionId}`;

/** Server-side sessions: the cookie holds a random token, the database holds its hash and the user. */
export const sessionPlugin = fp<{ config: Config; store: SessionStore }>(
  async (app: FastifyInstance, { config, store }) => {
    const cookieName = sessionCookieName(config);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.env === 'production',
    };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionLookup', null);

    /** Signs the request in with a live row; queues its last-seen time when that is a minute old. */
    function accept(request: FastifyRequest, row: SessionRow | undefined, now: number) {
      // A cached row may have expired or gone idle since it was read.
      if (!row || row.expiresAt <= now || row.lastSeenAt <= now - SESSION_IDLE_MS) return;
      request.sessionId = row.sessionId;
      request.user = {
        id: row.userId,
        email: row.email,
        displayName: row.displayName,
        handle: row.handle,
        approved: row.handle !== null,
        admin: row.admin,
        owner: config.ownerEmail !== undefined && row.email === config.ownerEmail,
      };
      if (now - row.lastSeenAt > TOUCH_EVERY_MS && !touches.has(row.sessionId)) {
        touches.set(row.sessionId, cacheKey(row.sessionId));
        touchTimer ??= setTimeout(writeTouches, TOUCH_BATCH_MS);
      }
    }

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') && !request.routeOptions.config.withSession) return;
      const token = request.cookies[cookieName];
      if (!token || token.length > 200) return;
      const lookup = { sessionId: hashToken(token), now: Date.now(), idleMs: SESSION_IDLE_MS };
      const key = cacheKey(lookup.sessionId);
      const safe = SAFE_METHODS.has(request.method);
      if (safe && request.routeOptions.config.sessionInQuery) {
        const cached = app.reads.peek<SessionRow>(key);
        if (cached) accept(request, cached, lookup.now);
        else request.sessionLookup = lookup;
        return;
      }
      const load = () => store.find(lookup);
      // A request that may change something always asks the database, so a session ended in
      // another process cannot write even in the moment before that process's notice arrives.
      accept(request, safe ? await app.reads.get(key, load, SESSION_SHOWS) : await load(), lookup.now);
    });

    /** Session id → its cache key, for the sessions whose last-seen time waits to be written. */
    const touches = new Map<string, string>();
    let touchTimer: NodeJS.Timeout | undefined;
    async function writeTouches() {
      touchTimer = undefined;
      const batch = [...touches];
      touches.clear();
      if (batch.length === 0) return;
      try {
        await store.touch(
          batch.map(([sessionId]) => sessionId),
          Date.now(),
        );
      } catch (err) {
        app.log.warn({ err }, 'session last-seen update failed');
      }
      // The cached rows hold the old time: the next request reads the new one.
      for (const [, key] of batch) app.reads.forget(key);
    }

    app.decorate('sessions', {
      async start(reply: FastifyReply, userId: string) {
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        await store.create({ id: hashToken(token), userId, now, expiresAt: now + SESSION_ABSOLUTE_MS });
        reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        if (request.sessionId) await store.remove(request.sessionId);
        reply.clearCookie(cookieName, cookieOptions);
      },
      adopt(request: FastifyRequest, row: SessionRow | undefined, since: number) {
        const lookup = request.sessionLookup;
        if (!lookup) return request.user;
        request.sessionLookup = null;
        if (row?.sessionId === lookup.sessionId) {
          app.reads.keep(cacheKey(row.sessionId), row, since, SESSION_SHOWS);
          accept(request, row, lookup.now);
        }
        return request.user;
      },
    });

    const sweep = setInterval(
      () => {
        store.removeExpired(Date.now(), SESSION_IDLE_MS).catch((err) => app.log.warn({ err }, 'session sweep failed'));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      clearTimeout(touchTimer);
      await writeTouches();
    });
  },
  { name: 'session', dependencies: ['db'] },
);

/** Guards: routes call these instead of checking roles by hand. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireApproved(request: FastifyRequest): SessionUser & { handle: string } {
  const user = requireUser(request);
  if (!user.approved || !user.handle) throw forbidden('You need an approved handle to do that.');
  return user as SessionUser & { handle: string };
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.admin) throw forbidden('Only admins can do that.');
  return user;
}

export function requireOwner(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.owner) throw forbidden('Only the owner account can do that.');
  return user;
}
