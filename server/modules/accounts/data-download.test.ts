import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser } from '../../../tests/fixtures/factories';
import { anImage } from '../../../tests/fixtures/images';
import { plainExport, plainFieldName } from './data-download';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('"Download my data" as a person opens it (#31)', () => {
  it('is a zip with a README, the data with plain field names and ISO dates, and the logo', async () => {
    const owner = await aUser(t.db, { handle: 'zip-farm', name: 'Zip Farm' });
    await aPost(t.db, owner, { description: 'Weekly prices', createdAt: Date.UTC(2026, 2, 14, 9, 30) });
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/logo',
      headers: { cookie: owner.cookie, 'content-type': 'image/png' },
      payload: await anImage('png'),
    });
    expect(logo.statusCode).toBe(200);

    const res = await t.app.inject(as(owner, { url: '/api/account/export.zip' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="freshlist-data-zip-farm-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'freshlist-data.json', 'logo.webp']);
    expect(strFromU8(files['README.txt']!)).toContain('Times are in ISO 8601, in UTC');

    const data = JSON.parse(strFromU8(files['freshlist-data.json']!));
    expect(data.profile['display name']).toBe('Zip Farm');
    expect(data.profile['created at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data.posts[0]).toMatchObject({ description: 'Weekly prices', 'created at': '2026-03-14T09:30:00.000Z' });
    expect(data['exported at']).toMatch(/Z$/);
    expect(JSON.stringify(data)).not.toMatch(/"[a-z]+_[a-z_]+":|"[a-z]+[A-Z]\w*":/);
  });

  it('needs a signed-in person, and leaves the JSON for programs as it was', async () => {
    expect((await t.app.inject({ url: '/api/account/export.zip' })).statusCode).toBe(401);
    const reader = await aUser(t.db);
    const json = (await t.app.inject(as(reader, { url: '/api/account/export' }))).json();
    expect(typeof json.exportedAt).toBe('number');
    expect(json.profile.display_name).toBe(reader.name);
  });

  it('names fields in plain words and writes only time fields as dates', () => {
    expect(plainFieldName('display_name')).toBe('display name');
    expect(plainFieldName('withHandle')).toBe('with handle');
    expect(plainExport({ followed_at: 0, valid_until: '2026-10-31', count: 5, items: [{ createdAt: 1000 }] })).toEqual({
      'followed at': '1970-01-01T00:00:00.000Z',
      'valid until': '2026-10-31',
      count: 5,
      items: [{ 'created at': '1970-01-01T00:00:01.000Z' }],
    });
  });
});
