import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, handleProblem, LONG_TEXT_MAX_LENGTH, normalizeHandle } from './handle';
import { noControlCharacters } from './text';

export const INVITE_MESSAGES = {
  checking: 'Checking invite...',
  invalidLink: 'Invalid invite link.',
  notFound: 'Invite not found.',
  signInToAccept: 'Please sign in to accept this invite.',
  mismatchHeading: 'Email mismatch',
  displayNameEmpty: 'Display name cannot be empty.',
  allFieldsRequired: 'All fields are required.',
  adminHandleRequired: 'Handle, email, and display name are required.',
  handleTaken: 'This handle is already taken.',
  userHasHandle: 'This user already has a handle. No invite needed.',
  invalidEmail: 'Please enter a valid email address.',
  nameRequired: 'Name is required.',
  alreadyRequested: 'You have already requested a handle.',
  inviteRequestNotFound: 'Invite request not found.',
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
} as const;

/** The mismatch text (spec 8): which email the invite is for, and which one is signed in. */
export function mismatchMessage(inviteEmail: string, signedInEmail: string): string {
  return `This invite is for ${inviteEmail}, but you are signed in as ${signedInEmail}.`;
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Invite emails compare case-insensitively (spec 5). */
export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

/**
 * An email shown to someone who may not own it: first character and domain only, enough for the
 * invitee to recognise which address the invite went to (see ADR 0010).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const shortText = (label: string) => z.string().max(1000).check(noControlCharacters(label)).optional();

/** Handle, email and display name of an admin's invite or admin-created handle: trimmed; handle and email lower-cased. */
function adminHandleForm(requiredMessage: string) {
  return z
    .object({ handle: shortText('Handle'), email: shortText('Email'), displayName: shortText('Display name') })
    .transform((v) => ({
      handle: normalizeHandle(v.handle ?? ''),
      email: normalizeEmail(v.email ?? ''),
      displayName: (v.displayName ?? '').trim(),
    }))
    .superRefine((v, ctx) => {
      if (!v.handle || !v.email || !v.displayName) {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return;
      }
      const problem = handleProblem(v.handle);
      if (problem) ctx.addIssue({ code: 'custom', path: ['handle'], message: problem });
      if (!isEmail(v.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: INVITE_MESSAGES.invalidEmail });
      if (v.displayName.length > DISPLAY_NAME_MAX_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['displayName'],
          message: INVITE_MESSAGES.tooLong('Display name', DISPLAY_NAME_MAX_LENGTH),
        });
      }
    });
}

/** POST /api/admin/invites */
export const createInviteSchema = adminHandleForm(INVITE_MESSAGES.allFieldsRequired);
/** POST /api/admin/handles */
export const createAdminHandleSchema = adminHandleForm(INVITE_MESSAGES.adminHandleRequired);
export type AdminHandleInput = z.infer<typeof createInviteSchema>;

/** POST /api/invites/{handle}/accept */
export const acceptInviteSchema = z
  .object({ displayName: z.string().max(1000).check(noControlCharacters('Display name')).default('') })
  .transform((v) => ({ displayName: v.displayName.trim() }))
  .superRefine((v, ctx) => {
    if (!v.displayName) ctx.addIssue({ code: 'custom', path: ['displayName'], message: INVITE_MESSAGES.displayNameEmpty });
    else if (v.displayName.length > DISPLAY_NAME_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['displayName'],
        message: INVITE_MESSAGES.tooLong('Display name', DISPLAY_NAME_MAX_LENGTH),
      });
    }
  });

const optionalLongText = (label: string) =>
  z
    .string()
    .max(10_000)
    .check(noControlCharacters(label, { multiline: true }))
    .optional();

/** POST /api/invite-requests: the 'Request a handle' form of /request-invite. */
export const inviteRequestSchema = z
  .object({
    name: z.string().max(1000).check(noControlCharacters('Name')).optional(),
    handle: z.string().max(200).optional(),
    phone: z.string().max(1000).check(noControlCharacters('Phone')).optional(),
    description: optionalLongText('The description'),
    socials: optionalLongText('Socials'),
    links: optionalLongText('Links'),
    questions: optionalLongText('Questions'),
  })
  .transform((v) => {
    const opt = (s: string | undefined) => (s?.trim() ? s.trim() : null);
    return {
      name: (v.name ?? '').trim(),
      handle: normalizeHandle(v.handle ?? ''),
      phone: opt(v.phone),
      description: opt(v.description),
      socials: opt(v.socials),
      links: opt(v.links),
      questions: opt(v.questions),
    };
  })
  .superRefine((v, ctx) => {
    if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: INVITE_MESSAGES.nameRequired });
    else if (v.name.length > DISPLAY_NAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: INVITE_MESSAGES.tooLong('Name', DISPLAY_NAME_MAX_LENGTH) });
    }
    const problem = handleProblem(v.handle);
    if (problem) ctx.addIssue({ code: 'custom', path: ['handle'], message: problem });
    for (const field of ['description', 'socials', 'links', 'questions'] as const) {
      const value = v[field];
      if (value && value.length > LONG_TEXT_MAX_LENGTH) {
        ctx.addIssue({ code: 'custom', path: [field], message: INVITE_MESSAGES.tooLong('This answer', LONG_TEXT_MAX_LENGTH) });
      }
    }
  });
export type InviteRequestInput = z.infer<typeof inviteRequestSchema>;

/**
 * What /invite/{handle} shows the viewer (spec 4): sign in first; the invite is for another
 * email; ready to accept; or already accepted by this viewer.
 */
export const inviteViewSchema = z.discriminatedUnion('state', [
  /** `invitedBy`: the public name of the admin who made the invite (#31), null when unknown. */
  z.object({ state: z.literal('signed-out'), handle: z.string(), invitedBy: z.string().nullable() }),
  z.object({ state: z.literal('mismatch'), handle: z.string(), inviteEmail: z.string(), email: z.string() }),
  z.object({
    state: z.literal('ready'),
    handle: z.string(),
    email: z.string(),
    displayName: z.string(),
    invitedBy: z.string().nullable(),
  }),
  z.object({ state: z.literal('accepted'), handle: z.string() }),
]);
export type InviteView = z.infer<typeof inviteViewSchema>;

const personSchema = z.object({ id: z.string(), email: z.string(), displayName: z.string() });

export const pendingInviteSchema = z.object({
  handle: z.string(),
  email: z.string(),
  displayName: z.string(),
  sent: z.boolean(),
  createdAt: z.number(),
  createdBy: personSchema.nullable(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const pendingInvitesResponseSchema = z.object({
  invites: z.array(pendingInviteSchema),
  acceptedCount: z.number(),
});
export type PendingInvitesResponse = z.infer<typeof pendingInvitesResponseSchema>;

export const inviteRequestViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  handle: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  socials: z.string().nullable(),
  links: z.string().nullable(),
  questions: z.string().nullable(),
  createdAt: z.number(),
});
export type InviteRequestView = z.infer<typeof inviteRequestViewSchema>;
