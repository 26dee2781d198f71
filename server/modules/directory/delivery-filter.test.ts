import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_DELIVERS_TO_MAX_LENGTH, DIRECTORY_MESSAGES, type DirectoryPage } from '../../../core/directory';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/** /explore's "delivers to <postcode or town> on <day>" (issue 40 §1, docs/decisions/0207). */

let t: TestApp;
let london: TestUser;

const terms = (days: string[], postcodes: string[], towns: string[] = []) => ({
  timeZone: 'Europe/London',
  days: days.map((day) => ({ day, cutoff: { daysBefore: 1, time: '16:00' } })),
  minimumOrder: null,
  areas: { postcodes, towns },
  exceptions: { noDelivery: [], earlierCutoffs: [] },
  orderTo: { emails: ['orders@example.com'], phone: null, whatsapp: false },
});

async function aSupplier(handle: string, name: string, body: ReturnType<typeof terms> | null): Promise<TestUser> {
  const owner = await aUser(t.db, { handle, name });
  if (body) {
    const res = await t.app.inject(as(owner, { method: 'PUT', url: '/api/profile/terms', payload: body }));
    expect(res.statusCode, res.body).toBe(200);
  }
  return owner;
}

beforeAll(async () => {
  t = await buildTestApp();
  await aSupplier('bristol-veg', 'Bristol Veg', terms(['tue', 'fri'], ['bs8', 'BS1 4'], ['Weston-super-Mare']));
  london = await aSupplier('london-fish', 'London Fish', terms(['mon'], ['E1']));
  await aSupplier('east-dairy', 'East Dairy', terms(['wed'], ['E']));
  await aSupplier('zip-farm', 'Zip Farm', terms(['thu'], ['902']));
  await aSupplier('chateau-wine', 'Chateau Wine', terms(['fri'], [], ['Saint-Émilion']));
  // Terms that name no area serve every place asked about, as servesArea says.
  await aSupplier('anywhere-bakery', 'Anywhere Bakery', terms(['tue'], []));
  // No terms: nobody knows where or when it delivers, so a delivery filter never lists it.
  await aSupplier('no-terms-dairy', 'No Terms Dairy', null);
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/api/directory?${query}` });
async function handles(query: string): Promise<string[]> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return ((await res.json()) as DirectoryPage).entries.map((e) => e.handle).sort();
}
const near = (place: string, day = '') => handles(new URLSearchParams({ deliversTo: place, day }).toString());

describe('explore by delivery', () => {
  it('finds who serves a UK postcode by its prefixes, as servesArea does', async () => {
    expect(await near('BS8 1AB')).toEqual(['anywhere-bakery', 'bristol-veg']);
    expect(await near('bs81ab')).toEqual(['anywhere-bakery', 'bristol-veg']);
    expect(await near('BS1 4DJ')).toEqual(['anywhere-bakery', 'bristol-veg']);
    // 'BS1 4' is a sector: BS1 5 is not in it.
    expect(await near('BS1 5AA')).toEqual(['anywhere-bakery']);
    // 'E1' is a district: E1 6AN, never E14; 'E' is the whole area, never 'EC'.
    expect(await near('E1 6AN')).toEqual(['anywhere-bakery', 'east-dairy', 'london-fish']);
    expect(await near('E14 5AB')).toEqual(['anywhere-bakery', 'east-dairy']);
    expect(await near('EC1A 1BB')).toEqual(['anywhere-bakery']);
  });

  it('finds a ZIP by its leading digits, and a town without case, accents or punctuation', async () => {
    expect(await near('90210')).toEqual(['anywhere-bakery', 'zip-farm']);
    expect(await near('10001')).toEqual(['anywhere-bakery']);
    expect(await near('weston super mare')).toEqual(['anywhere-bakery', 'bristol-veg']);
    expect(await near('SAINT EMILION')).toEqual(['anywhere-bakery', 'chateau-wine']);
    expect(await near('Bath')).toEqual(['anywhere-bakery']);
  });

  it('keeps those delivering on the day, with or without a place', async () => {
    expect(await handles('day=tue')).toEqual(['anywhere-bakery', 'bristol-veg']);
    expect(await handles('day=fri')).toEqual(['bristol-veg', 'chateau-wine']);
    expect(await near('BS8 1AB', 'fri')).toEqual(['bristol-veg']);
    expect(await near('BS8 1AB', 'mon')).toEqual([]);
    expect(await handles('day=sun')).toEqual([]);
  });

  it('combines with a search by words and with the other filters', async () => {
    expect(await handles('q=fish&deliversTo=E1+6AN')).toEqual(['london-fish']);
    expect(await handles('q=dairy&day=wed')).toEqual(['east-dairy']);
    expect(await handles('q=dairy')).toEqual(['east-dairy', 'no-terms-dairy']);
    expect(await handles('trade=fish&deliversTo=E1+6AN')).toEqual([]);
  });

  it('follows the terms as they are saved again', async () => {
    const moved = await t.app.inject(as(london, { method: 'PUT', url: '/api/profile/terms', payload: terms(['sat'], ['N1']) }));
    expect(moved.statusCode).toBe(200);
    expect(await near('E1 6AN')).toEqual(['anywhere-bakery', 'east-dairy']);
    expect(await near('N1 9GU', 'sat')).toEqual(['london-fish']);
  });

  it('treats a place without letters or digits as no filter, and says what is wrong with the rest', async () => {
    expect((await handles('deliversTo=%20-%20')).length).toBe(7);
    expect(await near("BS8'; drop table users; --")).toEqual(['anywhere-bakery']);
    for (const [query, message] of [
      ['day=funday', DIRECTORY_MESSAGES.day],
      ['day=Tue', DIRECTORY_MESSAGES.day],
      ['day=tue&day=fri', 'day'],
      [`deliversTo=${'a'.repeat(DIRECTORY_DELIVERS_TO_MAX_LENGTH + 1)}`, DIRECTORY_MESSAGES.deliversToTooLong],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });
});
