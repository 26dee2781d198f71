import type { Config } from '../../config';
import type { DB } from '../../plugins/db';
import type { SessionStore } from '../../plugins/session';
import type { SignedInIdentity } from './oidc-client';
import { authRepository } from './repository';

/** What happens when a person comes back from the identity provider. */
export function authService(db: DB, config: Config) {
  const repo = authRepository(db);
  return {
    /** Creates the profile on first sign-in (`created`); ADMIN_EMAILS sets the admin flag at every sign-in. */
    async signIn(identity: SignedInIdentity): Promise<{ userId: string; created: boolean }> {
      return repo.upsertSignedInUser({
        ...identity,
        admin: config.adminEmails.includes(identity.email),
        now: Date.now(),
      });
    },
  };
}

/**
 * Signs a person out everywhere (an admin's "end sessions", a revoked handle). Takes the caller's
 * transaction, so the sessions end together with the change that ends them.
 */
export async function endSessionsOf(trx: DB, userId: string): Promise<number> {
  return authRepository(trx).deleteSessionsOf(userId);
}

/**
 * The sessions table as the session plugin uses it. app.ts hands it to the plugin, which imports
 * no module (plugins come before modules).
 */
export function sessionStore(db: DB): SessionStore {
  const repo = authRepository(db);
  return {
    find: (lookup) => repo.sessionUser(lookup),
    touch: (sessionIds, now) => repo.touchSessions(sessionIds, now),
    create: (row) => repo.createSession(row),
    remove: (sessionId) => repo.deleteSession(sessionId),
    removeExpired: (now, idleMs) => repo.deleteExpiredSessions(now, idleMs),
  };
}
