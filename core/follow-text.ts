/** What a follow button says, without zod: the first visit's pages load it (ADR 0062). */

/** What the reader is told after unfollowing (ADR 0213: trade access stays until the business removes it). */
export function unfollowedNotice(name: string, keepsTradeAccess = false): string {
  const left = `You no longer follow ${name}.`;
  return keepsTradeAccess ? `${left} You keep access to their trade-only lists until ${name} removes it.` : left;
}
