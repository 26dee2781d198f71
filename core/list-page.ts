import { z } from 'zod';
import { contentSummarySchema } from './list-contents-api';
import { profileSchema } from './post';
import { listPricesSchema } from './price-table';

/**
 * A list's own page, /{handle}/lists/{slug} (issue 31, docs/decisions/0142): what a scanned QR
 * card shows before the file. The API answer the server renders it with and the browser reads.
 */
export const listPageSchema = z.object({
  /** The business: its public face and the viewer's relation to it (Follow). */
  profile: profileSchema,
  list: z.object({
    /** Its id, as the owner's actions name it ("check now"). */
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    /**
     * Only the business's approved trade customers see its contents (docs/decisions/0180): the page
     * then shows the name and says so; description and dates read blank (the public view).
     */
    tradeOnly: z.boolean(),
    /** Trade only, and this viewer may not read it: its name and business only (description, dates, versions blank). */
    locked: z.boolean(),
    /** The newest version's description. */
    description: z.string(),
    versions: z.number(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    /** When its newest version was posted. */
    postedAt: z.number(),
    editedAt: z.number().nullable(),
    /**
     * When the file behind the newest version's link last changed, as the link watcher saw it
     * (issue 29); null until it has seen a change. The page says "Changed …" from the later of this
     * and `postedAt`.
     */
    fileChangedAt: z.number().nullable(),
    /** The link watcher finds the file unavailable (issue 29): what is wrong, in a visitor's words (core/link-check-text.ts). */
    unavailable: z.enum(['needs-sign-in', 'not-found', 'not-a-file', 'unreachable']).nullable(),
    /** The prices Freshlist read in the file (issue 39); null before it read any, and for a locked list. */
    prices: listPricesSchema.nullable(),
    /** What Freshlist read of the newest version ("2 prices up", or it can't read the file); null before a read, and for a locked list. */
    changes: contentSummarySchema.nullable(),
  }),
});
export type ListPage = z.infer<typeof listPageSchema>;
