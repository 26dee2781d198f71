import { HttpError } from '../../http-errors';

/** Invite links that lead nowhere, tried from one address, before every invite lookup from it answers 429. */
export const INVITE_MISSES_ALLOWED = 10;
export const INVITE_MISS_WINDOW_MS = 10 * 60_000;
/** The addresses remembered at once: the oldest is forgotten first, so a flood of addresses cannot grow memory. */
export const INVITE_GUARD_ADDRESSES = 10_000;

/**
 * Against guessing invite links (issue 42): an invite's link is its handle, which can be guessed
 * from a business's name. Misses (an unknown or a used invite, the same 404) are counted per
 * address, whoever is signed in, so new accounts on one address do not buy more guesses. Past the
 * bound, every lookup from that address answers the same 429 before the database is asked, found
 * or not. A person who follows their link misses rarely. Kept in the process's memory: with
 * several processes the bound is per process, still a small multiple.
 */
export function inviteLookupGuard(now: () => number = Date.now) {
  const misses = new Map<string, { count: number; since: number }>();

  const current = (address: string) => {
    const entry = misses.get(address);
    if (entry && now() - entry.since >= INVITE_MISS_WINDOW_MS) {
      misses.delete(address);
      return undefined;
    }
    return entry;
  };

  return {
    /** Throws the 429 when the address has missed too often in the window. */
    check(address: string): void {
      const entry = current(address);
      if (!entry || entry.count < INVITE_MISSES_ALLOWED) return;
      const seconds = Math.max(1, Math.ceil((entry.since + INVITE_MISS_WINDOW_MS - now()) / 1000));
      throw new HttpError(
        429,
        `Too many invite links that lead nowhere. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
        'Too Many Requests',
        seconds,
      );
    },

    miss(address: string): void {
      const entry = current(address);
      if (entry) {
        entry.count += 1;
        return;
      }
      if (misses.size >= INVITE_GUARD_ADDRESSES) {
        const oldest = misses.keys().next().value;
        if (oldest !== undefined) misses.delete(oldest);
      }
      misses.set(address, { count: 1, since: now() });
    },

    /** How many addresses are remembered (for the bound's test). */
    size: () => misses.size,
  };
}
export type InviteLookupGuard = ReturnType<typeof inviteLookupGuard>;

/** Runs an invite lookup behind the guard: refused past the bound, a 404 counted as a miss. */
export async function guarded<T>(guard: InviteLookupGuard, address: string, lookup: () => Promise<T>): Promise<T> {
  guard.check(address);
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) guard.miss(address);
    throw error;
  }
}
