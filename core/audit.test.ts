import { describe, expect, it } from 'vitest';
import { adminActionLabel, auditDetailText } from './audit';

describe('adminActionLabel', () => {
  it('labels a known action and shows an unknown one as it is', () => {
    expect(adminActionLabel('user.restore')).toBe('Restored a user');
    expect(adminActionLabel('something.new')).toBe('something.new');
  });
});

describe('auditDetailText (#31: people’s words, not developer keys)', () => {
  it('says what a deletion kept, without ids, in one order whatever order the keys come in', () => {
    expect(auditDetailText({ posts: 2, userId: 'x', email: 'bob@example.com', followers: 1 })).toBe(
      'email bob@example.com · 2 posts · 1 follower',
    );
    expect(
      auditDetailText({
        userId: '6f1c',
        email: 'bob@example.com',
        displayName: 'Bob',
        handle: 'bobs-bakery',
        posts: 2,
        following: 0,
        followers: 1,
        forms: 0,
        hasInvite: true,
        hasInviteRequest: false,
        hasHandleRequest: false,
      }),
    ).toBe('email bob@example.com · named Bob · @bobs-bakery · 2 posts · following 0 · 1 follower · 0 chat forms · an invite');
  });

  it('reads the other actions’ details, and a key it does not know yet', () => {
    expect(auditDetailText({ userId: 'x', ended: 1 })).toBe('1 session ended');
    expect(auditDetailText({ sent: false })).toBe('marked as not sent');
    expect(auditDetailText({ userId: 'x', email: 'a@b.example', requested: 'green' })).toBe(
      'email a@b.example · asked for @green',
    );
    expect(auditDetailText({ characters: 120, previousCharacters: 80 })).toBe('120 characters (was 80)');
    expect(auditDetailText({ notes: ['A handle was taken.'], overwrote: true })).toBe(
      'A handle was taken. · over a profile that existed again',
    );
    expect(auditDetailText({ linkCheckCount: 3, dryRun: true })).toBe('link check count: 3 · dry run: yes');
    expect(auditDetailText({})).toBe('');
  });
});
