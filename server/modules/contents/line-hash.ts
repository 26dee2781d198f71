import { createHash } from 'node:crypto';
import type { ListLine } from '../../../core/list-lines';

/**
 * What a stored line is known by (unchanged lines are stored once, ADR 0162). Computed in the
 * reading thread: 5,000 of them are 7–60 ms of CPU, which on the event loop every request would
 * wait behind (ADR 0156).
 */
export const lineHash = (line: ListLine) =>
  createHash('sha1')
    .update(
      JSON.stringify([
        line.raw,
        line.item ?? null,
        line.price ?? null,
        line.currency ?? null,
        line.unit ?? null,
        line.where ?? null,
      ]),
    )
    .digest('base64url');
