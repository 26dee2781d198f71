import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../core/api';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../http-errors';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 14 * DAY;
export const SESSION_ABSOLUTE_MS = 60 * DAY;
/** Writing last_seen_at on every request would make every read a write. */
const TOUCH_EVERY_MS = 60_000;
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

/** What the plugin needs of the sessions table; app.ts passes the auth module's (a plugin imports no module). */
export interface SessionStore {
  /** The session if it has neither expired nor gone idle for `idleMs`. */
  find(sessionId: string, now: number, idleMs: number): Promise<SessionRow | undefined>;
  touch(sessionId: string, now: number): Promise<void>;
  create(row: { id: string; userId: string; now: number; expiresAt: number }): Promise<void>;
  remove(sessionId: string): Promise<void>;
  removeExpired(now: number, idleMs: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, userId: string): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

export function sessionCookieName(config: Config): string {
  // __Host- makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return config.env === 'production' ? '__Host-freshlist_session' : 'freshlist_session';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[cookieName];
      if (!token || token.length > 200) return;
      const now = Date.now();
      const id = hashToken(token);
      const load = () => store.find(id, now, SESSION_IDLE_MS);
      // A request that may change something always asks the database, so a session ended in
      // another process cannot write even in the moment before that process's notice arrives.
      const row = SAFE_METHODS.has(request.method) ? await app.reads.get(`session:${id}`, load) : await load();
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
      if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
        await store.touch(row.sessionId, now);
        app.reads.forget(`session:${id}`);
      }
    });

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
    });

    const sweep = setInterval(
      () => {
        store.removeExpired(Date.now(), SESSION_IDLE_MS).catch((err) => app.log.warn({ err }, 'session sweep failed'));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
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
