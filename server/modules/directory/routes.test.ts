import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, type DirectoryPage } from '../../../core/directory';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anImage } from '../../../tests/fixtures/images';

let t: TestApp;
let valley: TestUser;
let bakery: TestUser;
let fish: TestUser;
let reader: TestUser;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

async function aBusiness(handle: string, name: string, profile: Record<string, unknown>): Promise<TestUser> {
  const owner = await aUser(t.db, { handle, name });
  const res = await t.app.inject(as(owner, { method: 'PUT', url: '/api/profile', payload: { displayName: name, ...profile } }));
  expect(res.statusCode).toBe(200);
  return owner;
}

beforeAll(async () => {
  t = await buildTestApp();
  valley = await aBusiness('green-valley', 'Green Valley Farm', {
    bio: 'Organic vegetables and eggs from the valley.',
    trades: ['produce', 'dairy'],
    area: 'Bristol, Avon',
  });
  bakery = await aBusiness('creme-bakery', 'Crème Brûlée Bakery', {
    bio: 'Viennoiserie for cafés.',
    trades: ['bakery', 'cafe'],
    area: 'Lyon',
  });
  fish = await aBusiness('harbour-fish', 'Harbour Fish', { bio: 'Day boats, whole fish.', trades: ['fish'], area: 'BS1 4DJ' });
  reader = await aUser(t.db, { name: 'Valley Reader' });
  await aPost(t.db, valley, { createdAt: now - 3 * DAY });
  await aPost(t.db, fish, { createdAt: now - DAY });
  await aFollow(t.db, reader, 'green-valley');
  await aFollow(t.db, bakery, 'green-valley');
});
afterAll(() => t.close());

const explore = async (query: string, viewer?: TestUser): Promise<DirectoryPage> => {
  const res = await t.app.inject(as(viewer, { url: `/api/directory${query}` }));
  expect(res.statusCode).toBe(200);
  return res.json();
};
const handles = async (query: string) => (await explore(query)).entries.map((e) => e.handle);

describe('the directory', () => {
  it('lists the most recently active first when nothing is searched, handles without lists last', async () => {
    expect(await handles('')).toEqual(['harbour-fish', 'green-valley', 'creme-bakery']);
  });

  it('shows logo, name, handle, trades, area, the latest list, followers and the viewer’s follow', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/logo',
      headers: { cookie: valley.cookie, 'content-type': 'image/png' },
      payload: await anImage('png'),
    });
    const page = await explore('?q=green', reader);
    expect(page.entries[0]).toEqual({
      handle: 'green-valley',
      displayName: 'Green Valley Farm',
      logo: { url: expect.stringMatching(/^\/api\/profiles\/green-valley\/logo\?v=/), width: 256, height: 256 },
      trades: ['produce', 'dairy'],
      area: 'Bristol, Avon',
      lastPostAt: now - 3 * DAY,
      fileChangedAt: null,
      followerCount: 2,
      following: true,
      isOwner: false,
      match: null,
    });
    expect((await explore('?q=green')).entries[0]).toMatchObject({ following: null, isOwner: false });
    expect((await explore('?q=green', valley)).entries[0]).toMatchObject({ following: null, isOwner: true });
  });

  it.each([
    ['a name', 'green valley', 'green-valley'],
    ['a handle', 'harbour-fish', 'harbour-fish'],
    ['words of a bio', 'organic eggs', 'green-valley'],
    ['a trade', 'bakery', 'creme-bakery'],
    ['an area', 'lyon', 'creme-bakery'],
    ['the start of a word, as it is typed', 'harb', 'harbour-fish'],
    ['typos', 'grene valey', 'green-valley'],
    ['a typo in one word of two', 'harbor fish', 'harbour-fish'],
    ['missing accents', 'creme brulee', 'creme-bakery'],
    ['accents typed where the name has none', 'vallée', 'green-valley'],
    ['capitals', 'GREEN Valley', 'green-valley'],
  ])('finds %s (%s)', async (_what, q, expected) => {
    expect((await handles(`?q=${encodeURIComponent(q)}`))[0]).toBe(expected);
  });

  it('needs every word to match, and says so with no results', async () => {
    expect(await handles('?q=green%20bakery')).toEqual([]);
    expect(await handles('?q=zzqxj')).toEqual([]);
  });

  it('ranks a match in the name above one in the bio', async () => {
    await aBusiness('valley-deli', 'Valley Deli', { bio: 'Cheese.' });
    await aBusiness('corner-shop', 'Corner Shop', { bio: 'Vegetables from the valley.' });
    const found = await handles('?q=valley');
    expect(found.indexOf('valley-deli')).toBeLessThan(found.indexOf('corner-shop'));
  });

  it('ranks the closest spelling of a mistyped word above farther ones', async () => {
    await aBusiness('baka-catering', 'Baka Catering', {});
    await aBusiness('sunny-bakery', 'Sunny Bakery', {});
    const found = await handles('?q=bakry');
    expect(found.indexOf('sunny-bakery')).toBeLessThan(found.indexOf('baka-catering'));
  });

  it('filters by trade and by area, with or without a search', async () => {
    expect(await handles('?trade=fish')).toEqual(['harbour-fish']);
    expect(await handles('?area=bristol')).toEqual(['green-valley']);
    expect(await handles('?area=bs1')).toEqual(['harbour-fish']);
    expect(await handles('?q=organic&trade=dairy&area=avon')).toEqual(['green-valley']);
    expect(await handles('?q=organic&trade=fish')).toEqual([]);
  });

  it('forgives a typo in the area, as the search does (#31)', async () => {
    expect(await handles('?area=bristl')).toEqual(['green-valley']);
    expect(await handles('?area=Brsitol%20avon')).toEqual(['green-valley']);
    expect(await handles('?area=lyonn')).toEqual(['creme-bakery']);
    expect(await handles('?area=manchester')).toEqual([]);
  });

  it('keeps up with changes: a new name, follows and unfollows, a removed handle', async () => {
    const owner = await aBusiness('renamed-farm', 'Old Name Farm', {});
    expect(await handles('?q=sunflower')).toEqual([]);
    await t.app.inject(as(owner, { method: 'PUT', url: '/api/profile', payload: { displayName: 'Sunflower Fields' } }));
    expect(await handles('?q=sunflower')).toEqual(['renamed-farm']);

    const fan = await aUser(t.db);
    await t.app.inject(as(fan, { method: 'PUT', url: '/api/follows/renamed-farm' }));
    await t.app.inject(as(reader, { method: 'PUT', url: '/api/follows/renamed-farm' }));
    await t.app.inject(as(fan, { method: 'DELETE', url: '/api/follows/renamed-farm' }));
    expect((await explore('?q=sunflower')).entries[0]?.followerCount).toBe(1);

    await t.db.deleteFrom('handles').where('handle', '=', 'renamed-farm').execute();
    expect(await handles('?q=sunflower')).toEqual([]);
  });

  it('pages through everyone, 20 at a time', async () => {
    for (let i = 0; i < 21; i++) await aUser(t.db, { handle: `page-farm-${i}`, name: `Paging Farm ${i}` });
    const first = await explore('?q=paging');
    expect({ count: first.entries.length, page: first.page, nextPage: first.nextPage }).toEqual({
      count: 20,
      page: 1,
      nextPage: 2,
    });
    const second = await explore('?q=paging&page=2');
    expect({ count: second.entries.length, nextPage: second.nextPage }).toEqual({ count: 1, nextPage: null });
    const all = [...first.entries, ...second.entries].map((e) => e.handle);
    expect(new Set(all).size).toBe(21);
  });

  it.each([
    ['?trade=spaceships', DIRECTORY_MESSAGES.trade],
    ['?page=0', DIRECTORY_MESSAGES.page],
    ['?page=51', DIRECTORY_MESSAGES.page],
    ['?page=two', DIRECTORY_MESSAGES.page],
    [`?q=${'a'.repeat(101)}`, DIRECTORY_MESSAGES.queryTooLong],
    [`?area=${'a'.repeat(81)}`, DIRECTORY_MESSAGES.areaTooLong],
  ])('refuses %s with a message', async (query, message) => {
    const res = await t.app.inject({ url: `/api/directory${query.slice(0, 60)}${query.slice(60)}` });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
  });

  it('treats punctuation and operators as text, never as query syntax', async () => {
    for (const q of ["'", '!', '&|', 'green:*', "o'brien & (", '\\', '🥕', 'a b c d e f g h i j k']) {
      const res = await t.app.inject({ url: `/api/directory?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
  });
});
