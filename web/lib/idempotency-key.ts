/**
 * A fresh key that makes a repeated submission (double click, retry) count once on the server.
 * getRandomValues works outside secure contexts too (plain http on a LAN address), unlike randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
