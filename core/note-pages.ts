/**
 * The admin planning-note pages (spec 2): slug = path under /admin/, with the page title. Zod-free
 * (ADR 0062): the route table (core/pages.ts), and through it every page's links, reads it.
 */
export const NOTE_PAGES = {
  'instagram-promotion': 'Instagram promotion',
  'instagram-post-ideas': 'Instagram post ideas',
  'instagram-community-spotlights': 'Instagram community spotlights',
  'digital-sticker-service': 'Digital sticker service',
  'tier-system-overview': 'Tier system overview',
  'monetization-roadmap': 'Monetization roadmap',
  'freshlist-farm-summary': 'Freshlist farm summary',
} as const;

export type NoteSlug = keyof typeof NOTE_PAGES;
export const NOTE_SLUGS = Object.keys(NOTE_PAGES) as NoteSlug[];

export function isNoteSlug(value: string): value is NoteSlug {
  return Object.hasOwn(NOTE_PAGES, value);
}
