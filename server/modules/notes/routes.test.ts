import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, NOTE_MESSAGES, NOTE_SLUGS } from '../../../core/notes';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com' });
  other = await aUser(t.db, { admin: true, email: 'second@example.com' });
});
afterAll(() => t.close());

const read = (slug: string) => t.app.inject(as(admin, { url: `/api/admin/notes/${slug}` }));
const save = (who: TestUser, slug: string, payload: unknown) =>
  t.app.inject(as(who, { method: 'PUT', url: `/api/admin/notes/${slug}`, payload }));

describe('admin notes pages', () => {
  it('serves all seven pages; tier-system-overview starts with the planned tiers', async () => {
    for (const slug of NOTE_SLUGS) expect((await read(slug)).statusCode).toBe(200);
    const tiers = (await read('tier-system-overview')).json();
    expect(tiers).toMatchObject({ title: 'Tier system overview', updatedAt: null, updatedBy: null });
    for (const line of [
      '5 active uploads',
      '10 uploads per day',
      'Pro: 5 euro per month',
      'Creator: 15 euro per month',
      'Unlimited follows',
    ]) {
      expect(tiers.body).toContain(line);
    }
  });

  it('saves the text as it was typed, says who saved it, and logs the edit', async () => {
    const body = '# Ideas\n\n<script>alert(1)</script> stays text; **bold** is Markdown.';
    const res = await save(admin, 'instagram-post-ideas', { body, baseUpdatedAt: null });
    expect(res.statusCode).toBe(200);
    const page = (await read('instagram-post-ideas')).json();
    expect(page).toMatchObject({ slug: 'instagram-post-ideas', body, updatedBy: 'boss@example.com' });
    expect(page.updatedAt).toBe(res.json().updatedAt);
    const log = (await t.app.inject(as(admin, { url: '/api/admin/audit-log' }))).json();
    expect(log.entries[0]).toMatchObject({ action: 'note.edit', target: 'instagram-post-ideas', actorEmail: 'boss@example.com' });
  });

  it('refuses a save over a newer one made by someone else since the page was opened', async () => {
    const opened = (await read('monetization-roadmap')).json();
    expect((await save(other, 'monetization-roadmap', { body: 'Theirs', baseUpdatedAt: opened.updatedAt })).statusCode).toBe(200);
    const mine = await save(admin, 'monetization-roadmap', { body: 'Mine', baseUpdatedAt: opened.updatedAt });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe(NOTE_MESSAGES.changedSince);
    expect((await read('monetization-roadmap')).json().body).toBe('Theirs');
  });

  it('refuses an unknown page and a text that is too long', async () => {
    const unknown = await read('secret-plans');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOTE_MESSAGES.notFound);
    expect((await save(admin, 'secret-plans', { body: 'x' })).statusCode).toBe(404);
    const long = await save(admin, 'digital-sticker-service', { body: 'x'.repeat(NOTE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(NOTE_MESSAGES.tooLong);
  });
});
