/**
 * Of any line's pack: more than this many is a slip of the finger, not an order. Apart from
 * order-rules.ts, whose pack reading a list's quantity inputs do not need (issue 39).
 */
export const MAX_QUANTITY = 10_000;
