import { z } from 'zod';
import { pageFirstSegments } from './pages';
import { hasControlCharacters, noControlCharacters, TEXT_MESSAGES } from './text';

export const HANDLE_MAX_LENGTH = 30;

/** The spec's four reserved handles. */
export const SPEC_RESERVED_HANDLES = ['admin', 'support', 'help', 'team'] as const;

/**
 * First path segments the server answers itself (API, static files, sign-in, QR codes, health):
 * no page of the route table lists them, so they are written out here.
 */
export const SERVER_RESERVED_HANDLES = [
  'api',
  'assets',
  'auth',
  'dev',
  'healthz',
  'logout',
  'oidc',
  'oidc-assets',
  'qr',
  'readyz',
  'static',
] as const;

/** Names that read as the staff or the product itself, so nobody can pose as them. */
export const STAFF_RESERVED_HANDLES = [
  'abuse',
  'administrator',
  'admins',
  'contact',
  'freshlist',
  'hostmaster',
  'info',
  'mod',
  'moderator',
  'moderators',
  'official',
  'owner',
  'postmaster',
  'root',
  'security',
  'staff',
  'system',
  'webmaster',
] as const;

/** Every first path segment of a page (core/pages.ts), so /{handle} never shadows a page. */
export const PAGE_RESERVED_HANDLES: readonly string[] = pageFirstSegments();

/** Every first path segment the app uses, pages and server routes. */
export const ROUTE_RESERVED_HANDLES: readonly string[] = [...SERVER_RESERVED_HANDLES, ...PAGE_RESERVED_HANDLES];

const RESERVED = new Set<string>([...SPEC_RESERVED_HANDLES, ...STAFF_RESERVED_HANDLES, ...ROUTE_RESERVED_HANDLES]);

export const HANDLE_MESSAGES = {
  required: 'Handle is required.',
  characters: 'Handle can only include lowercase letters, numbers, and hyphens.',
  hyphenEnds: 'Handle must start and end with a letter or number.',
  tooLong: 'Handle can be at most 30 characters.',
  reserved: 'This handle is reserved. Please choose another.',
  taken: 'This handle is already taken. Please choose another.',
  /**
   * A released handle during its cooling-off period (docs/decisions/0170), with the day it ends
   * when known ('23 Feb 2027').
   */
  held: (until?: string) =>
    `This handle belonged to another business until recently. It is held${until ? ` until ${until}` : ' for a while'}, so their old QR codes don't lead to someone else. Please choose another.`,
  signInToRequest: 'Please sign in with Google to submit your request.',
  notHeld: 'This handle is not held.',
} as const;

/** The day a hold ends, as people write it ('23 Feb 2027'), from its time (UTC). */
export function holdEndDay(heldUntil: number): string {
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const day = new Date(heldUntil);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/**
 * What the handle input shows as the person types: lower-cased, and spaces become hyphens
 * ("Green Valley" → "green-valley", issue 43: it used to fail only on submit). Leading spaces go.
 */
export function normalizeHandleInput(raw: string): string {
  return raw.toLowerCase().trimStart().replace(/\s+/g, '-');
}

export function normalizeHandle(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isReservedHandle(handle: string): boolean {
  return RESERVED.has(handle);
}

/** Returns the first rule the (already normalized) handle breaks, or null. */
export function handleProblem(handle: string): string | null {
  if (handle.length === 0) return HANDLE_MESSAGES.required;
  if (!/^[a-z0-9-]+$/.test(handle)) return HANDLE_MESSAGES.characters;
  // '-' or '-alice-' would make /- a profile and read like a typo; the spec's character rule stays.
  if (handle.startsWith('-') || handle.endsWith('-')) return HANDLE_MESSAGES.hyphenEnds;
  if (handle.length > HANDLE_MAX_LENGTH) return HANDLE_MESSAGES.tooLong;
  if (isReservedHandle(handle)) return HANDLE_MESSAGES.reserved;
  return null;
}

/** A handle typed by a person: trimmed, lower-cased, then checked. */
export const handleInputSchema = z
  .string({ error: HANDLE_MESSAGES.required })
  .transform(normalizeHandle)
  .superRefine((handle, ctx) => {
    const problem = handleProblem(handle);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A handle as it appears in a URL: any string, matched against stored handles. */
export const handleParamSchema = z.string().min(1).max(200);

/** Texts of the handle screens and their errors, shared by browser and server. */
export const HANDLE_REQUEST_MESSAGES = {
  displayNameRequired: 'Display name is required.',
  usageRequired: 'Please tell us how you will use your handle.',
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  alreadyRequested: 'You have already requested a handle.',
  alreadyHasHandle: 'You already have a handle.',
  userAlreadyHasHandle: 'This user already has a handle.',
  requestNotFound: 'Handle request not found.',
  pendingRequest: 'This person has a pending handle request. The owner reviews it at /admin/handles.',
  handleNotFound: 'Handle not found.',
  submitted: 'Request submitted',
  pendingApproval: 'pending approval',
  signInFailed: 'Failed to sign in. Please try again.',
  somethingWrong: 'Something went wrong. Please try again.',
} as const;

export const DISPLAY_NAME_MAX_LENGTH = 80;
export const LONG_TEXT_MAX_LENGTH = 2000;

/** A leading @ is how people write handles; approving strips it (spec 5, admin approve). */
export function stripAt(raw: string): string {
  return raw.trim().replace(/^@+/, '');
}

/** Body of POST /api/handle-requests: each field reports its own message, handle first. */
export const handleRequestSchema = z
  .object({
    handle: z.string().max(200).default(''),
    displayName: z.string().max(1000).default(''),
    usageDescription: z.string().max(10_000).default(''),
  })
  .transform((v) => ({
    handle: normalizeHandle(v.handle),
    displayName: v.displayName.trim(),
    usageDescription: v.usageDescription.trim(),
  }))
  .superRefine((v, ctx) => {
    const problem = handleProblem(v.handle);
    if (problem) ctx.addIssue({ code: 'custom', path: ['handle'], message: problem });
    if (!v.displayName)
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: HANDLE_REQUEST_MESSAGES.displayNameRequired });
    else if (v.displayName.length > DISPLAY_NAME_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['displayName'],
        message: HANDLE_REQUEST_MESSAGES.tooLong('Display name', DISPLAY_NAME_MAX_LENGTH),
      });
    } else if (hasControlCharacters(v.displayName)) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: TEXT_MESSAGES.controlCharacters('Display name') });
    }
    if (!v.usageDescription) {
      ctx.addIssue({ code: 'custom', path: ['usageDescription'], message: HANDLE_REQUEST_MESSAGES.usageRequired });
    } else if (v.usageDescription.length > LONG_TEXT_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['usageDescription'],
        message: HANDLE_REQUEST_MESSAGES.tooLong('The description', LONG_TEXT_MAX_LENGTH),
      });
    } else if (hasControlCharacters(v.usageDescription, { multiline: true })) {
      ctx.addIssue({
        code: 'custom',
        path: ['usageDescription'],
        message: TEXT_MESSAGES.controlCharacters('The description'),
      });
    }
  });
export type HandleRequestInput = z.infer<typeof handleRequestSchema>;

/** Body of approving a handle request or converting an invite request: the request's handle, or an edited one (leading @ stripped). */
/** The longest reason an owner may give with a rejection. */
export const REJECTION_REASON_MAX_LENGTH = 500;

/** POST …/reject: an optional reason, mailed to the person with what they can do next (issue 31). */
export const handleRejectionSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REJECTION_REASON_MAX_LENGTH, `The reason must be ${REJECTION_REASON_MAX_LENGTH} characters or less.`)
      .check(noControlCharacters('The reason', { multiline: true }))
      .optional(),
  })
  // A request without a body (no reason) arrives as null.
  .nullish();

export const editedHandleSchema = z
  .object({ handle: z.string().max(200).optional() })
  .transform((v) => ({ handle: v.handle === undefined ? undefined : normalizeHandle(stripAt(v.handle)) }))
  .superRefine((v, ctx) => {
    if (v.handle === undefined) return;
    const problem = handleProblem(v.handle);
    if (problem) ctx.addIssue({ code: 'custom', path: ['handle'], message: problem });
  });

/** First message per field of a failed parse: what a form shows beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export const handleRequestViewSchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  usageDescription: z.string(),
  createdAt: z.number(),
});
export type HandleRequestView = z.infer<typeof handleRequestViewSchema>;

/**
 * Where the signed-in person stands (spec 4, "Dashboard handle status"): an approved handle;
 * a request under review; an unused invite to confirm; or none.
 */
export const handleStatusSchema = z.object({
  status: z.enum(['approved', 'requested', 'pending-confirm', 'none']),
  handle: z.string().nullable(),
  handleRequest: handleRequestViewSchema.nullable(),
  inviteRequested: z.boolean(),
  pendingInvite: z.object({ handle: z.string() }).nullable(),
  /** An admin removed the person's handle and the dashboard has not said so yet (issue 15). */
  handleRemoved: z.boolean(),
});
export type HandleStatus = z.infer<typeof handleStatusSchema>;

/** GET /api/admin/handles: the owner's handle management page. */
export const adminHandlesResponseSchema = z.object({
  requests: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      handle: z.string(),
      displayName: z.string(),
      usageDescription: z.string(),
      createdAt: z.number(),
    }),
  ),
  handles: z.array(
    z.object({
      handle: z.string(),
      userId: z.string(),
      email: z.string(),
      displayName: z.string(),
      /** Made by an admin for an email nobody has signed in with yet. */
      awaitingSignIn: z.boolean(),
      createdAt: z.number(),
    }),
  ),
  /** Released handles in their cooling-off period (docs/decisions/0170), the soonest free first. */
  holds: z.array(z.object({ handle: z.string(), heldUntil: z.number() })),
});
export type AdminHandlesResponse = z.infer<typeof adminHandlesResponseSchema>;
