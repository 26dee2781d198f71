/**
 * A trade-only list's words on a card and a profile, apart from trade-text.ts (the forms' and the
 * API's), so a profile's first visit carries these two alone (docs/decisions/0193).
 */
export const TRADE_LABELS = {
  tradeOnly: 'Trade only',
  askForAccess: 'Trade only: ask for access',
} as const;
