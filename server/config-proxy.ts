import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Whom the server believes about a request's client address (X-Forwarded-For), host and scheme
 * (docs/decisions/0213): nobody, the proxies at these addresses or ranges, or this many hops.
 * Never everyone: `true` made the first X-Forwarded-For value the address, which any client writes.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's named ranges, which Fastify's trustProxy understands. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 10;

const REFUSE_TRUE =
  'true would believe any client; name the proxy (127.0.0.1, loopback, 10.0.0.0/8) or a number of hops (1), see docs/configuration.md';

function isAddressOrRange(part: string): boolean {
  if (NAMED_RANGES.includes(part)) return true;
  const [address = '', prefix, extra] = part.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting, or why it is refused (one line, without the variable's name). */
export function parseTrustProxy(text: string): TrustProxy | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return { error: REFUSE_TRUE };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? hops : { error: `must be at most ${MAX_HOPS} hops` };
  }
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = parts.find((part) => !isAddressOrRange(part));
  if (bad !== undefined) {
    return { error: `"${bad}" is not an address, a range such as 10.0.0.0/8, or one of ${NAMED_RANGES.join(', ')}` };
  }
  return parts;
}

/** TRUST_PROXY's schema, merged into server/config.ts's. */
export const trustProxyEnv = {
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text ?? '');
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
};

/** The setting as Fastify's trustProxy option (its types leave out a hop count, so that is a function). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
