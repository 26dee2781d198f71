import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** How long one visitor's opens of one version count as one (issue 42: open counts could be inflated). */
export const OPEN_WINDOW_MS = 30 * 60_000;
/** The visitor-and-version keys remembered at once; the oldest is forgotten first. */
export const OPEN_KEYS_REMEMBERED = 100_000;

/**
 * Who opens: the signed-in person, else the address and browser together, hashed so that no
 * address is kept in memory.
 */
export function openVisitor(request: FastifyRequest): string {
  const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}\n${request.headers['user-agent'] ?? ''}`;
  return createHash('sha256').update(who).digest('base64url').slice(0, 22);
}

/**
 * Whether an open is the first of this visitor for this version within the window. Held in the
 * process's memory, bounded; several processes each count once, a small multiple at worst. One
 * per database, so the routes that open (the post's and the list address's) share it.
 */
export function openOnce(now: () => number = Date.now) {
  const seen = new Map<string, number>();
  return {
    first(visitor: string, postId: number): boolean {
      const key = `${visitor}:${postId}`;
      const at = seen.get(key);
      if (at !== undefined && now() - at < OPEN_WINDOW_MS) return false;
      seen.delete(key);
      if (seen.size >= OPEN_KEYS_REMEMBERED) {
        const oldest = seen.keys().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      seen.set(key, now());
      return true;
    },
    size: () => seen.size,
  };
}

const perDatabase = new WeakMap<object, ReturnType<typeof openOnce>>();
export function openOnceFor(db: object): ReturnType<typeof openOnce> {
  let once = perDatabase.get(db);
  if (!once) {
    once = openOnce();
    perDatabase.set(db, once);
  }
  return once;
}
