import { z } from 'zod';
import { FILE_FORMATS, UNREADABLE_REASONS } from './list-contents';

/**
 * The API shapes of lists' contents (docs/decisions/0162): the archive of versions with what
 * changed in each, one version as text, and two versions compared.
 */

/** The API path of a list's archive, its first page: the page asks it, the server preloads it. */
export const changesApiPath = (handle: string, slug: string) =>
  `/api/contents/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}/changes`;

export const changeCountsSchema = z.object({
  up: z.number(),
  down: z.number(),
  added: z.number(),
  gone: z.number(),
  changed: z.number(),
});

const priced = { price: z.number().optional(), currency: z.string().optional(), unit: z.string().optional() };

export const listChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price'),
    item: z.string(),
    before: z.number(),
    after: z.number(),
    currency: z.string().optional(),
    unit: z.string().optional(),
    change: z.number(),
    percent: z.number().nullable(),
  }),
  z.object({ kind: z.enum(['added', 'gone']), item: z.string(), raw: z.string(), ...priced }),
  z.object({
    kind: z.literal('changed'),
    item: z.string().optional(),
    before: z.string().optional(),
    after: z.string().optional(),
  }),
]);

export const listLineSchema = z.object({
  raw: z.string(),
  item: z.string().optional(),
  where: z.string().optional(),
  ...priced,
});

/** What a card and the list's page say of the newest version. */
export const contentSummarySchema = z.object({
  versionId: z.number(),
  seenAt: z.number(),
  checkedAt: z.number(),
  state: z.enum(['read', 'unreadable']),
  reason: z.enum(UNREADABLE_REASONS).nullable(),
  counts: changeCountsSchema.nullable(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const listVersionSchema = contentSummarySchema.extend({
  format: z.enum(FILE_FORMATS).nullable(),
  lineCount: z.number(),
  /** At most 300 changes; the counts are whole. Null for the first version read. */
  changes: z.array(listChangeSchema).nullable(),
});
export type ListVersion = z.infer<typeof listVersionSchema>;

export const contentsListSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  handle: z.string(),
  /** The viewer owns the list: they may remove versions. */
  own: z.boolean(),
});
export type ContentsList = z.infer<typeof contentsListSchema>;

export const listChangesPageSchema = z.object({
  list: contentsListSchema,
  versions: z.array(listVersionSchema),
  nextCursor: z.string().nullable(),
});
export type ListChangesPage = z.infer<typeof listChangesPageSchema>;

export const listVersionTextSchema = z.object({
  list: contentsListSchema,
  version: listVersionSchema.omit({ changes: true }),
  lines: z.array(listLineSchema),
});
export type ListVersionText = z.infer<typeof listVersionTextSchema>;

export const listCompareSchema = z.object({
  list: contentsListSchema,
  from: z.object({ versionId: z.number(), seenAt: z.number() }),
  to: z.object({ versionId: z.number(), seenAt: z.number() }),
  counts: changeCountsSchema,
  changes: z.array(listChangeSchema),
});
export type ListCompare = z.infer<typeof listCompareSchema>;

export const versionIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Not a version id.')
  .transform(Number);

/** "1764000000000.42": the seen time and id of the last version of the page before. */
export const versionCursorSchema = z
  .string()
  .regex(/^\d{1,16}\.\d{1,16}$/, 'Not a cursor.')
  .transform((text) => {
    const [seenAt, id] = text.split('.').map(Number);
    return { seenAt: seenAt as number, id: id as number };
  })
  .optional();

export const contentsPaths = {
  changes: (handle: string, slug: string) => `/api/contents/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}/changes`,
  version: (handle: string, slug: string, id: number | string) =>
    `/api/contents/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}/versions/${id}`,
  compare: (handle: string, slug: string, from: number, to: number) =>
    `/api/contents/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}/compare?from=${from}&to=${to}`,
};
