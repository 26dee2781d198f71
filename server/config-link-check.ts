import { z } from 'zod';
import { type HostMapEntry, parseHostMap } from './config-host-map';

/** The shortest recheck interval production accepts (tests and local runs may go down to 1 s). */
export const PRODUCTION_MIN_INTERVAL_S = 300;

/** The link check's environment (docs/configuration.md), merged into server/config.ts's schema. */
export const linkCheckEnv = {
  LINK_FETCH_HOST_MAP: z
    .string()
    .optional()
    .transform((text, ctx) => {
      try {
        return parseHostMap(text ?? '');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LINK_CHECK_MIN_INTERVAL_S: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(300),
  LINK_CHECK_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no watcher) or more')
    .max(3_600_000, 'must be at most 3600000')
    .optional(),
};

export interface LinkCheckSettings {
  /** Provider hosts connected to at a fixed address (tests and local stubs only; refused in production). */
  hostMap: HostMapEntry[];
  /** The shortest time between two checks of one list. */
  minIntervalS: number;
  /** How often each process's watcher looks for due checks; 0: none runs (tests drive it by hand). */
  pollMs: number;
}

type Parsed = z.output<z.ZodObject<typeof linkCheckEnv>>;

/** The settings, or a one-line message naming the variable; the host map only on a local development server (ADR 0130). */
export function linkCheckSettings(
  e: Parsed,
  env: 'development' | 'production' | 'test',
  local: boolean,
): LinkCheckSettings | string {
  if (env === 'production' && e.LINK_FETCH_HOST_MAP.length > 0) {
    return 'LINK_FETCH_HOST_MAP: is refused when NODE_ENV=production (it points provider hosts at other addresses)';
  }
  // Rechecking a provider's file every few seconds would hammer the provider and the reading pool.
  if (env === 'production' && e.LINK_CHECK_MIN_INTERVAL_S < PRODUCTION_MIN_INTERVAL_S) {
    return `LINK_CHECK_MIN_INTERVAL_S: must be at least ${PRODUCTION_MIN_INTERVAL_S} (5 minutes) when NODE_ENV=production`;
  }
  // Like the development sign-in and mailbox: only on a local server (server/config.ts isLocalDevelopmentServer).
  if (!local && e.LINK_FETCH_HOST_MAP.length > 0) {
    return 'LINK_FETCH_HOST_MAP: is refused on a server that is not local (local: HOST=127.0.0.1 and PUBLIC_URL=http://localhost:PORT)';
  }
  return {
    hostMap: e.LINK_FETCH_HOST_MAP,
    minIntervalS: e.LINK_CHECK_MIN_INTERVAL_S,
    pollMs: e.LINK_CHECK_POLL_MS ?? (env === 'test' ? 0 : 5000),
  };
}
