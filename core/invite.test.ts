import { describe, expect, it } from 'vitest';
import { fieldErrors } from './handle';
import {
  acceptInviteSchema,
  createAdminHandleSchema,
  createInviteSchema,
  INVITE_MESSAGES,
  inviteRequestSchema,
  maskEmail,
  mismatchMessage,
  sameEmail,
} from './invite';

describe('invite rules', () => {
  it('compares emails case-insensitively', () => {
    expect(sameEmail('Anna@Example.com', ' anna@example.COM')).toBe(true);
    expect(sameEmail('anna@example.com', 'ann@example.com')).toBe(false);
  });

  it('masks an email to its first letter and domain', () => {
    expect(maskEmail('anna@example.com')).toBe('a•••@example.com');
    expect(mismatchMessage('a•••@example.com', 'bob@example.com')).toBe(
      'This invite is for a•••@example.com, but you are signed in as bob@example.com.',
    );
  });

  it('uses the spec texts for missing fields of the two admin forms', () => {
    expect(createInviteSchema.safeParse({ handle: 'x' }).error?.issues[0]?.message).toBe('All fields are required.');
    expect(createAdminHandleSchema.safeParse({ email: 'x@example.com' }).error?.issues[0]?.message).toBe(
      'Handle, email, and display name are required.',
    );
    expect(createInviteSchema.parse({ handle: ' Fresh ', email: ' A@B.co ', displayName: ' Ann ' })).toEqual({
      handle: 'fresh',
      email: 'a@b.co',
      displayName: 'Ann',
    });
  });

  it('requires a display name to accept', () => {
    expect(acceptInviteSchema.safeParse({ displayName: '  ' }).error?.issues[0]?.message).toBe(INVITE_MESSAGES.displayNameEmpty);
  });

  it('requires a name and a desired handle to request an invite; the rest is optional', () => {
    const bad = inviteRequestSchema.safeParse({ name: '', handle: '' });
    expect(fieldErrors(bad.error as never)).toEqual({ name: 'Name is required.', handle: 'Handle is required.' });
    expect(inviteRequestSchema.parse({ name: ' Lu ', handle: 'Lu-Deli', socials: '  ' })).toMatchObject({
      name: 'Lu',
      handle: 'lu-deli',
      socials: null,
    });
  });
});
