import { z } from 'zod';
import type { NoteSlug } from './note-pages';
import { noControlCharacters } from './text';

// The slugs and titles live in the zod-free core/note-pages.ts; kept importable from here for the notes module.
export { isNoteSlug, NOTE_PAGES, NOTE_SLUGS, type NoteSlug } from './note-pages';

export const NOTE_MAX_LENGTH = 50_000;

/** What a page holds before any admin saved it. The tiers are the planned ones of spec section 9. */
export const NOTE_DEFAULTS: Record<NoteSlug, string> = {
  'instagram-promotion': '',
  'instagram-post-ideas': '',
  'instagram-community-spotlights': '',
  'digital-sticker-service': '',
  'tier-system-overview': `Planned tiers (roadmap only: nothing here is enforced yet).

## Free
- 5 active uploads
- 10 uploads per day
- Follow up to 10 handles
- Uploads deactivate automatically after 30 days
- +1 upload slot per referral

## Pro: 5 euro per month
- 20 active uploads
- 30 uploads per day
- Follow up to 100 handles

## Creator: 15 euro per month
- 100 active uploads
- 100 uploads per day
- Unlimited follows
`,
  'monetization-roadmap': '',
  'freshlist-farm-summary': '',
};

export const NOTE_MESSAGES = {
  tooLong: `Notes can be at most ${NOTE_MAX_LENGTH.toLocaleString('en')} characters.`,
  notFound: 'There is no notes page with this name.',
  changedSince: 'Someone else saved this page after you opened it. Copy your text, reload, and apply your changes again.',
} as const;

export const noteSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  /** Null while the page still shows its starting text. */
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type Note = z.infer<typeof noteSchema>;

export const saveNoteBodySchema = z.object({
  body: z
    .string()
    .refine((body) => body.length <= NOTE_MAX_LENGTH, { message: NOTE_MESSAGES.tooLong })
    .check(noControlCharacters('Notes', { multiline: true })),
  /** The updatedAt the editor started from: a save over someone else's newer save is refused. */
  baseUpdatedAt: z.number().nullable().optional(),
});
