import { z } from 'zod';

/**
 * What a link check found (docs/decisions/0151):
 * - ok: the file is there for anyone with the link (name, type, size, last change when the provider says);
 * - needs-sign-in: only people with access can open it (a private or team-only share);
 * - not-found: deleted, moved, or the link is wrong;
 * - not-a-file: the link leads to a page of the provider that is neither (a folder, a form) or off it;
 * - unreachable: the provider did not answer properly (timeout, DNS, 5xx): try later, not the supplier's fault;
 * - unchecked: the provider gives no way to look without its own app (iCloud, WeTransfer, MEGA), or the link is ours.
 */
export const LINK_HEALTH = ['ok', 'needs-sign-in', 'not-found', 'not-a-file', 'unreachable', 'unchecked'] as const;
export type LinkHealth = (typeof LINK_HEALTH)[number];

/** Outcomes that are the link's fault, which the supplier can fix: the upload form asks before posting. */
export const FIXABLE: ReadonlySet<LinkHealth> = new Set(['needs-sign-in', 'not-found', 'not-a-file']);

/** How each provider's sharing is fixed, in its own words (providers change their menus: keep them here). */
const SHARE_STEPS: Record<string, string> = {
  'Google Drive': 'In Drive, choose Share → Anyone with the link',
  Dropbox: 'In Dropbox, choose Share → Anyone with the link can view',
  OneDrive: 'In OneDrive, choose Share → Anyone with the link can view',
  Box: 'In Box, choose Share → People with the link',
  iCloud: 'In iCloud Drive, choose Share → Anyone with the link',
};

/** The sentence a supplier reads about a link's problem, naming the provider and how to fix it. */
export function linkHealthMessage(health: LinkHealth, provider: string | null): string | null {
  const where = provider ?? 'the file host';
  const file = provider ? `${provider} file` : 'file';
  switch (health) {
    case 'needs-sign-in': {
      const steps = SHARE_STEPS[provider ?? ''] ?? `In ${where}, share the file with anyone who has the link`;
      return `Only people with access can open this ${file}. ${steps}, then try again.`;
    }
    case 'not-found':
      return `This ${file} was not found: it may have been deleted or moved. Copy its link again from ${where}, then try again.`;
    case 'not-a-file':
      return `This link leads to a page of ${where}, not to a file (a folder, perhaps). Share the file itself, then try again.`;
    case 'unreachable':
      return `We could not reach ${where} just now. You can post anyway: we check the link again later.`;
    default:
      return null;
  }
}

/** What the fetcher learned about the file, when it is there. */
export const linkFileSchema = z.object({
  name: z.string().nullable(),
  /** A media type as the provider sent it (text/csv, application/pdf, …). */
  type: z.string().nullable(),
  size: z.number().nullable(),
  /** When the file last changed, from the provider (Last-Modified), epoch ms. */
  modifiedAt: z.number().nullable(),
});
export type LinkFile = z.infer<typeof linkFileSchema>;

export const linkCheckResultSchema = z.object({
  health: z.enum(LINK_HEALTH),
  provider: z.string().nullable(),
  /** For the supplier: what is wrong and how to fix it; null when there is nothing to say. */
  message: z.string().nullable(),
  file: linkFileSchema.nullable(),
});
export type LinkCheckResult = z.infer<typeof linkCheckResultSchema>;

/** A short label for a media type, as people say it ("PDF", "Spreadsheet (CSV)"). */
export function fileTypeLabel(type: string | null, name: string | null): string {
  const t = (type ?? '').toLowerCase();
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name ?? '')?.[1]?.toLowerCase() ?? '';
  if (t.includes('pdf') || ext === 'pdf') return 'PDF';
  if (t.includes('csv') || ext === 'csv') return 'Spreadsheet (CSV)';
  if (t.includes('spreadsheet') || t.includes('excel') || ['xlsx', 'xls', 'ods', 'numbers'].includes(ext)) return 'Spreadsheet';
  if (t.includes('word') || t.includes('document') || ['docx', 'doc', 'odt', 'pages'].includes(ext)) return 'Document';
  if (t.startsWith('image/')) return 'Image';
  if (t.startsWith('text/plain') || ext === 'txt') return 'Text';
  return ext ? ext.toUpperCase() : 'File';
}

/** The body of POST /api/link-check: a link as the upload form has it (the link rules check it). */
export const linkCheckRequestSchema = z.object({ url: z.string().max(2000) });

/** The owner's broken links (GET /api/link-checks/mine): the dashboard's banner. */
export const ownLinkProblemsSchema = z.object({
  problems: z.array(
    z.object({
      listId: z.number(),
      listName: z.string(),
      slug: z.string(),
      health: z.enum(LINK_HEALTH),
      provider: z.string().nullable(),
      message: z.string(),
      since: z.number().nullable(),
    }),
  ),
});
export type OwnLinkProblems = z.infer<typeof ownLinkProblemsSchema>;

const adminLinkRowSchema = z.object({
  listId: z.number(),
  listName: z.string(),
  handle: z.string().nullable(),
  slug: z.string(),
  health: z.string(),
  provider: z.string().nullable(),
  broken: z.boolean(),
  fileName: z.string().nullable(),
  fileChangedAt: z.number().nullable(),
  lastError: z.string().nullable(),
  checkedAt: z.number().nullable(),
  nextCheckAt: z.number(),
});

/** GET /api/admin/link-checks: the watcher's state. */
export const adminLinkChecksSchema = z.object({
  counts: z.array(z.object({ health: z.string(), lists: z.number(), broken: z.number() })),
  due: z.number(),
  late: z.number(),
  lists: z.array(adminLinkRowSchema),
  failures: z.array(adminLinkRowSchema),
  /** How this server checks (LINK_CHECK_MIN_INTERVAL_S and the rules built on it), so the page says what is true. */
  intervals: z.object({ shortestMs: z.number(), longestMs: z.number(), unreachableAfterMs: z.number() }),
});
export type AdminLinkChecks = z.infer<typeof adminLinkChecksSchema>;

/** "30 minutes", "1 hour", "1 day", "90 seconds": a check interval as the admin page says it. */
export function intervalLabel(ms: number): string {
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ] as const;
  for (const [unit, size] of units) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}${ms === size ? '' : 's'}`;
  }
  const seconds = Math.round(ms / 1000);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
