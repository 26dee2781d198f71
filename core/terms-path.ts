/**
 * Where a business's public terms are read; the server preloads the same path with its profile and
 * lists. Apart from delivery-terms.ts, whose date rules a profile without terms never runs.
 */
export const termsPath = (handle: string) => `/api/profiles/${encodeURIComponent(handle)}/terms`;
