import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../core/business-contact';
import { PROFILE_MESSAGES } from '../../../core/business-profile';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FULL_PROFILE = {
  displayName: 'Green Valley Farm',
  bio: 'Organic vegetables from the valley, picked the morning we deliver.',
  phone: '+44 1632 960001',
  website: 'https://greenvalley.example',
  area: 'Bristol, Avon',
  trades: ['produce', 'dairy'],
  instagram: '@greenvalley',
  facebook: '',
  linkedin: 'linkedin.com/company/green-valley',
  whatsapp: '+44 7700 900123',
};

const save = (user: TestUser | undefined, payload: Record<string, unknown>) =>
  t.app.inject(as(user, { method: 'PUT', url: '/api/profile', payload }));

describe('the owner edits their business profile', () => {
  it('saves every field in its stored form and shows it on the profile, the connect page and in previews', async () => {
    const owner = await aUser(t.db, { handle: 'prof-valley', name: 'Green Valley' });
    const saved = await save(owner, FULL_PROFILE);
    expect(saved.statusCode).toBe(200);
    const card = {
      bio: FULL_PROFILE.bio,
      logo: null,
      phone: '+44 1632 960001',
      website: 'https://greenvalley.example/',
      area: 'Bristol, Avon',
      trades: ['produce', 'dairy'],
      socials: { instagram: 'greenvalley', linkedin: 'company/green-valley', whatsapp: '447700900123' },
    };
    expect(saved.json()).toEqual({ handle: 'prof-valley', displayName: 'Green Valley Farm', ...card });
    expect((await t.app.inject(as(owner, { url: '/api/profile' }))).json()).toEqual(saved.json());

    const visitorView = await t.app.inject({ url: '/api/profiles/prof-valley' });
    expect(visitorView.json()).toMatchObject({ displayName: 'Green Valley Farm', business: card });
    expect((await t.app.inject({ url: '/api/connect/prof-valley' })).json().profile).toEqual({
      handle: 'prof-valley',
      displayName: 'Green Valley Farm',
      business: card,
    });
    // The spec's users fields are what the form writes (issue 15 §3).
    const row = await t.db
      .selectFrom('users')
      .select(['display_name', 'description', 'phone', 'links', 'socials', 'trades', 'area'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      description: FULL_PROFILE.bio,
      links: 'https://greenvalley.example/',
      trades: ['produce', 'dairy'],
    });
    expect(JSON.parse(row.socials ?? '')).toEqual(card.socials);
  });

  it('empties a field when it is sent empty', async () => {
    const owner = await aUser(t.db, { handle: 'prof-empty' });
    await save(owner, FULL_PROFILE);
    const cleared = await save(owner, { displayName: 'Just a name' });
    expect(cleared.json()).toEqual({
      handle: 'prof-empty',
      displayName: 'Just a name',
      bio: '',
      logo: null,
      phone: null,
      website: null,
      area: null,
      trades: [],
      socials: {},
    });
  });

  it.each([
    {
      field: 'a website without https',
      change: { website: 'http://greenvalley.example' },
      message: CONTACT_MESSAGES.websiteHttps,
    },
    { field: 'a bio over 300 characters', change: { bio: 'x'.repeat(301) }, message: PROFILE_MESSAGES.bioTooLong },
    { field: 'an empty display name', change: { displayName: '' }, message: PROFILE_MESSAGES.displayNameEmpty },
    { field: 'an area over 80 characters', change: { area: 'a'.repeat(81) }, message: 'Area can be at most 80 characters.' },
    { field: 'a trade not in the list', change: { trades: ['produce', 'unicorns'] }, message: PROFILE_MESSAGES.trade },
    { field: 'a phone that is not one', change: { phone: '12' }, message: CONTACT_MESSAGES.phone },
    {
      field: 'an Instagram link elsewhere',
      change: { instagram: 'https://evil.example/x' },
      message: CONTACT_MESSAGES.instagram,
    },
    {
      field: 'a control character',
      change: { displayName: 'Green\u001bValley' },
      message: 'Display name cannot contain control characters.',
    },
    { field: 'a null character', change: { bio: 'Fresh\u0000' }, message: 'Text cannot contain null characters.' },
    {
      field: 'trades that are not a list',
      change: { trades: 'produce' },
      message: 'trades: Invalid input: expected array, received string',
    },
  ])('refuses $field with a message saying what is wrong, and keeps the profile', async ({ change, message }) => {
    const owner = await aUser(t.db, { handle: `prof-bad-${Math.random().toString(36).slice(2, 8)}` });
    await save(owner, FULL_PROFILE);
    const res = await save(owner, { ...FULL_PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.app.inject(as(owner, { url: '/api/profile' }))).json().bio).toBe(FULL_PROFILE.bio);
  });

  it('belongs to holders of an approved handle only', async () => {
    expect((await save(undefined, FULL_PROFILE)).statusCode).toBe(401);
    const reader = await aUser(t.db);
    const res = await save(reader, FULL_PROFILE);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject(as(reader, { url: '/api/profile' }))).statusCode).toBe(403);
  });
});

describe('an accepted invite carries what was entered into the profile', () => {
  it('from an invite request: phone, description, socials and a website found in the free text', async () => {
    const applicant = await aUser(t.db, { email: 'carry@example.com', name: 'Carry Bakery' });
    const admin = await aUser(t.db, { admin: true });
    const requested = await t.app.inject(
      as(applicant, {
        method: 'POST',
        url: '/api/invite-requests',
        payload: {
          name: 'Carry Bakery',
          handle: 'carry-bakery',
          phone: '+44 117 496 0000',
          description: 'Sourdough and pastries for cafés in Bristol.',
          socials: 'instagram.com/carrybakery and our shop https://carry.example/shop',
          links: 'More café customers',
        },
      }),
    );
    expect(requested.statusCode).toBe(201);
    const converted = await t.app.inject(
      as(admin, { method: 'POST', url: `/api/admin/invite-requests/${applicant.id}/convert`, payload: {} }),
    );
    expect(converted.statusCode).toBe(200);
    const accepted = await t.app.inject(
      as(applicant, { method: 'POST', url: '/api/invites/carry-bakery/accept', payload: { displayName: 'Carry Bakery' } }),
    );
    expect(accepted.statusCode).toBe(200);

    const profile = await t.app.inject({ url: '/api/profiles/carry-bakery' });
    expect(profile.json().business).toEqual({
      bio: 'Sourdough and pastries for cafés in Bristol.',
      logo: null,
      phone: '+44 117 496 0000',
      website: 'https://carry.example/shop',
      area: null,
      trades: [],
      socials: { instagram: 'carrybakery' },
    });
  });
});
