import { z } from 'zod';

/** Every 4xx/5xx body the API sends. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The signed-in person as the browser sees them. Never another person's email. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  handle: z.string().nullable(),
  /** Has an approved handle: may post. */
  approved: z.boolean(),
  admin: z.boolean(),
  /** The spec's fixed admin user (OWNER_EMAIL). */
  owner: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

const isLocalPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && ![...path].some((c) => c.charCodeAt(0) < 0x20);

/**
 * Path a sign-in may return to: one leading '/', not '//', no scheme or backslash tricks, also
 * once percent-decoded (`/%2F%2Fevil.example` is `///evil.example` to a server or proxy that decodes).
 */
export function safeRedirectPath(raw: unknown, fallback = '/dashboard'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    if (!isLocalPath(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) return raw;
    decoded = next;
  }
  return isLocalPath(decoded) ? raw : fallback;
}
