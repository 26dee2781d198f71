import { z } from 'zod';
import { publicPostSchema } from './feed';
import {
  characterCount,
  completeLink,
  descriptionSchema,
  type LinkPolicy,
  linkProblem,
  newPostSchema,
  normalisedLink,
} from './link';
import { LIST_MESSAGES } from './list-messages';
import { LIST_NAME_MAX_LENGTH } from './list-text';
import { hasControlCharacters, TEXT_MESSAGES } from './text';
import { audienceSchema } from './trade';

/** The longest slug: a 60-character base and a numeric suffix (docs/decisions/0101). */
export const LIST_SLUG_MAX_LENGTH = 80;
/** A list's slug in a URL: what a stored slug can look like. */
export const LIST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The slug a list name starts from: accents dropped, lower-case letters and digits, other runs as
 * one hyphen, 60 characters at most; 'list' when nothing is left (a name of emoji).
 */
export function listSlugBase(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain.slice(0, LIST_NAME_MAX_LENGTH).replace(/-+$/, '') || 'list';
}

/** A real calendar date written YYYY-MM-DD (no 31 Feb), years 2000 to 2999. */
export function isCalendarDate(text: string): boolean {
  const match = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional date field: absent or empty is no date. */
const dateField = (label: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? '';
      if (text === '') return null;
      if (!isCalendarDate(text)) {
        ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.dateInvalid(label) });
        return z.NEVER;
      }
      return text;
    });

export function listNameProblem(name: string): string | null {
  if (characterCount(name) > LIST_NAME_MAX_LENGTH) return LIST_MESSAGES.nameTooLong;
  return hasControlCharacters(name) ? TEXT_MESSAGES.controlCharacters('List name') : null;
}

/** A list id in a body or a URL (bigint identities within JS's safe integers). */
export const listIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const listIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Not a list id.')
  .transform(Number);

/**
 * The list and validity fields of a new post, checked after the link and the description (the
 * spec's rules come first, in its order). `listId` makes the post a new version of that list;
 * without it the post starts a list, named `listName` or from its description.
 */
export const versionFieldsSchema = z.object({
  listId: listIdSchema.optional(),
  listName: z
    .string()
    .optional()
    .transform((raw) => raw?.trim() ?? '')
    .superRefine((name, ctx) => {
      const problem = listNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  validFrom: dateField('Valid from'),
  validUntil: dateField('Valid until'),
  /** A new list's audience; absent: the owner's default. A new version keeps its list's. */
  audience: audienceSchema.optional(),
});

/** Valid until cannot come before valid from (the database holds the same rule). */
export function validityOrderProblem(fields: { validFrom: string | null; validUntil: string | null }): string | null {
  return fields.validFrom && fields.validUntil && fields.validUntil < fields.validFrom ? LIST_MESSAGES.dateOrder : null;
}

/**
 * The body of POST /api/posts: the spec's link and description rules first, in its order, then the
 * list and validity fields; every version of a list passes them all.
 */
export function sharePostSchema(policy: LinkPolicy) {
  return newPostSchema(policy)
    .extend(versionFieldsSchema.shape)
    .superRefine((post, ctx) => {
      const problem = validityOrderProblem(post);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['validUntil'] });
    });
}
export type SharePost = z.infer<ReturnType<typeof sharePostSchema>>;

/** A date an edit may change: absent keeps it, empty clears it. */
const editedDateField = (label: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const text = raw.trim();
      if (text === '') return null;
      if (!isCalendarDate(text)) {
        ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.dateInvalid(label) });
        return z.NEVER;
      }
      return text;
    });

/**
 * PATCH /api/posts/:id: the description, by the same rule as when posting; the link (absent: kept),
 * by the rules of a new post, so a mistyped one can be put right (#31); the validity dates (absent:
 * kept, empty: cleared); and a new name for the post's list (absent: kept). The list's slug, and so
 * its stable address and QR code, never changes with its name.
 */
export function editPostSchema(policy: LinkPolicy) {
  return z
    .object({
      url: z
        .string()
        .optional()
        .transform((raw, ctx) => {
          if (raw === undefined) return undefined;
          const link = completeLink(raw);
          const problem = linkProblem(link, policy);
          if (problem) {
            ctx.addIssue({ code: 'custom', message: problem });
            return z.NEVER;
          }
          return normalisedLink(link);
        }),
      description: descriptionSchema,
      listName: z
        .string()
        .optional()
        .transform((raw) => raw?.trim())
        .superRefine((name, ctx) => {
          if (name === undefined) return;
          const problem = name === '' ? LIST_MESSAGES.nameRequired : listNameProblem(name);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      validFrom: editedDateField('Valid from'),
      validUntil: editedDateField('Valid until'),
    })
    .superRefine((edit, ctx) => {
      const problem = validityOrderProblem({ validFrom: edit.validFrom ?? null, validUntil: edit.validUntil ?? null });
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['validUntil'] });
    });
}
export type PostEdit = z.infer<ReturnType<typeof editPostSchema>>;

/** One of the owner's lists, for the upload form's "New version of" choice. */
export const ownListSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  versions: z.number(),
  /** The newest version's link: a new version starts from it (#31), as most lists keep one file. */
  url: z.string(),
  audience: audienceSchema,
  /** The newest version's time. */
  updatedAt: z.number(),
});
export type OwnList = z.infer<typeof ownListSchema>;
export const ownListsSchema = z.object({ lists: z.array(ownListSchema) });
export type OwnLists = z.infer<typeof ownListsSchema>;

/** A list's earlier versions, newest first, a page at a time. */
export const listVersionsPageSchema = z.object({
  /** The open count only for the list's owner. */
  posts: z.array(publicPostSchema.extend({ openCount: z.number().optional() })),
  nextCursor: z.string().nullable(),
});
export type ListVersionsPage = z.infer<typeof listVersionsPageSchema>;

export const removedPostSchema = z.object({ id: z.number(), listRemoved: z.boolean() });
export type RemovedPost = z.infer<typeof removedPostSchema>;
