import type { FastifyRequest } from 'fastify';
import fresh from 'fresh';

/**
 * Whether the client's copy is current, so the answer is a 304: its If-None-Match holds `etag`
 * (weak or strong, `*` for any) or, without one, its If-Modified-Since is not older than
 * `lastModified` (HTTP dates have whole seconds). A request with `Cache-Control: no-cache` asks past
 * every cache and gets the content.
 */
export function notModified(request: FastifyRequest, etag: string, lastModified: number | null = null): boolean {
  const held = lastModified === null ? { etag } : { etag, 'last-modified': new Date(lastModified).toUTCString() };
  return fresh(request.headers, held);
}
