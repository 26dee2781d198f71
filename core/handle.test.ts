import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  editedHandleSchema,
  fieldErrors,
  HANDLE_MESSAGES,
  HANDLE_REQUEST_MESSAGES,
  handleInputSchema,
  handleProblem,
  handleRequestSchema,
  isReservedHandle,
  normalizeHandleInput,
  stripAt,
} from './handle';

describe('handle rules', () => {
  it('accepts lowercase letters, digits and hyphens', () => {
    expect(handleProblem('green-grocer-42')).toBeNull();
  });

  it.each(['bad handle', 'under_score', 'dot.ted', 'émile', '@at'])('rejects %s with the characters message', (h) => {
    expect(handleProblem(h)).toBe(HANDLE_MESSAGES.characters);
  });

  it('rejects the spec reserved handles and app routes', () => {
    for (const h of ['admin', 'support', 'help', 'team', 'dashboard', 'feed', 'api', 'qr']) {
      expect(handleProblem(h)).toBe(HANDLE_MESSAGES.reserved);
    }
  });

  it.each(['-', '---', '-alice', 'alice-', '-alice-'])('rejects %s: a handle starts and ends with a letter or number', (h) => {
    expect(handleProblem(h)).toBe(HANDLE_MESSAGES.hyphenEnds);
  });

  it('keeps hyphens inside a handle', () => {
    expect(handleProblem('a-b--c')).toBeNull();
    expect(handleProblem('1')).toBeNull();
  });

  it.each(['administrator', 'moderator', 'freshlist', 'official', 'staff', 'postmaster', 'dev'])(
    'reserves the staff look-alike or server word %s',
    (h) => {
      expect(handleProblem(h)).toBe(HANDLE_MESSAGES.reserved);
    },
  );

  it('limits the length to 30', () => {
    expect(handleProblem('a'.repeat(30))).toBeNull();
    expect(handleProblem('a'.repeat(31))).toBe(HANDLE_MESSAGES.tooLong);
  });

  it('requires a handle', () => {
    expect(handleProblem('')).toBe(HANDLE_MESSAGES.required);
  });

  it('trims and lower-cases typed input before checking', () => {
    expect(handleInputSchema.parse('  Green-Grocer ')).toBe('green-grocer');
    const result = handleInputSchema.safeParse('Admin');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(HANDLE_MESSAGES.reserved);
  });

  it('lower-cases as typed and turns spaces into hyphens', () => {
    expect(normalizeHandleInput('Green ')).toBe('green-');
    expect(normalizeHandleInput(' Green  Valley')).toBe('green-valley');
    expect(handleProblem(normalizeHandleInput('Green Valley'))).toBeNull();
  });
});

describe('handle request form', () => {
  it('refuses control characters in the display name and the description, keeping line breaks', () => {
    const result = handleRequestSchema.safeParse({ handle: 'ok', displayName: 'Bad\u0007Name', usageDescription: 'x\u001b[31m' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['displayName', 'Display name cannot contain control characters.'],
      ['usageDescription', 'The description cannot contain control characters.'],
    ]);
    expect(
      handleRequestSchema.safeParse({ handle: 'ok', displayName: 'Ok', usageDescription: 'two\r\nlines\twith tab' }).success,
    ).toBe(true);
  });

  it('normalises and reports each field', () => {
    const ok = handleRequestSchema.safeParse({ handle: ' Fresh-Farm ', displayName: ' Fresh ', usageDescription: ' Lists ' });
    expect(ok.data).toEqual({ handle: 'fresh-farm', displayName: 'Fresh', usageDescription: 'Lists' });
    const bad = handleRequestSchema.safeParse({ handle: 'team', displayName: '', usageDescription: '' });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error as z.ZodError)).toEqual({
      handle: HANDLE_MESSAGES.reserved,
      displayName: HANDLE_REQUEST_MESSAGES.displayNameRequired,
      usageDescription: HANDLE_REQUEST_MESSAGES.usageRequired,
    });
  });

  it('strips a leading @ from an edited handle', () => {
    expect(stripAt(' @@fresh')).toBe('fresh');
    expect(editedHandleSchema.parse({ handle: '@Fresh' })).toEqual({ handle: 'fresh' });
    expect(editedHandleSchema.parse({})).toEqual({ handle: undefined });
  });
});

describe('reserved handles', () => {
  // The hand-written list before the route table (issue 14): deriving it must not free any of them.
  const BEFORE_THE_ROUTE_TABLE = [
    ...['admin', 'support', 'help', 'team', 'api', 'assets', 'auth', 'chat-form-creator', 'dashboard', 'feed'],
    ...['follow', 'followers', 'following', 'form', 'healthz', 'invite', 'login', 'logout', 'oidc', 'oidc-assets'],
    ...['qr', 'readyz', 'request-handle', 'request-invite', 'static', 'tell-your-friends', 'upload'],
  ];

  it.each(BEFORE_THE_ROUTE_TABLE)('still reserves %s', (handle) => {
    expect(isReservedHandle(handle)).toBe(true);
    expect(handleProblem(handle)).toBe(HANDLE_MESSAGES.reserved);
  });
});
