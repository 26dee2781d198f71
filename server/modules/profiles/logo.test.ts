import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_SIZE } from '../../../core/business-profile';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anImage, aPngBomb } from '../../../tests/fixtures/images';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const upload = (user: TestUser | undefined, body: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile/logo',
    headers: { ...(user ? { cookie: user.cookie } : {}), 'content-type': contentType },
    payload: body,
  });

let owners = 0;
const anOwner = () => aUser(t.db, { handle: `logo-${++owners}` });

/** The pixel at (x, y) of an image, as RGBA. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('uploading a logo', () => {
  it('stores a 256 px WebP without the EXIF of the upload, served at a versioned address', async () => {
    const owner = await anOwner();
    const withGps = await anImage('jpeg', {
      width: 800,
      height: 600,
      exif: { IFD0: { Copyright: 'Secret Farm Ltd', ImageDescription: 'GPS 51.45N 2.58W' } },
    });
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const res = await upload(owner, withGps, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { logo } = res.json();
    expect(logo).toEqual({
      url: expect.stringMatching(/^\/api\/profiles\/logo-\d+\/logo\?v=[\w-]{16}$/),
      width: 256,
      height: 256,
    });

    const served = await t.app.inject({ url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: LOGO_SIZE, height: LOGO_SIZE });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('Secret Farm')).toBe(false);

    const again = await t.app.inject({ url: logo.url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    // An old address still answers (the current logo), but only briefly cached.
    const stale = await t.app.inject({ url: `/api/profiles/${owner.handle}/logo?v=old` });
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
  });

  it('turns a photo upright by its EXIF orientation and fits it whole on a transparent square', async () => {
    const owner = await anOwner();
    // 40x20 as stored, a quarter turn (orientation 6): upright it is 20 wide and 40 high.
    const sideways = await anImage('jpeg', { width: 40, height: 20, orientation: 6 });
    const { logo } = (await upload(owner, sideways, 'image/jpeg')).json();
    const image = (await t.app.inject({ url: logo.url })).rawPayload;
    expect((await pixel(image, 10, 128))[3]).toBe(0);
    expect((await pixel(image, 128, 10))[3]).toBe(255);
  });

  it('judges the bytes, not the declared type, and replaces the earlier logo', async () => {
    const owner = await anOwner();
    const first = (await upload(owner, await anImage('png'), 'application/octet-stream')).json().logo;
    const second = (await upload(owner, await anImage('webp', { width: 30, height: 30 }), 'image/jpeg')).json().logo;
    expect(second.url).not.toBe(first.url);
    const rows = await t.db.selectFrom('profile_logos').select('version').where('user_id', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/profiles/${owner.handle}` })).json().business.logo).toEqual(second);
  });

  it.each([
    { what: 'text', body: () => Buffer.from('not an image at all'), type: 'image/png', status: 415, message: LOGO_MESSAGES.type },
    { what: 'a GIF', body: () => anImage('gif'), type: 'image/gif', status: 415, message: LOGO_MESSAGES.type },
    { what: 'a TIFF', body: () => anImage('tiff'), type: 'image/tiff', status: 415, message: LOGO_MESSAGES.type },
    {
      what: 'an SVG',
      body: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
      status: 415,
      message: LOGO_MESSAGES.type,
    },
    { what: 'JSON', body: () => Buffer.from('{"logo":"x"}'), type: 'application/json', status: 415, message: LOGO_MESSAGES.type },
    { what: 'nothing', body: () => Buffer.alloc(0), type: 'image/png', status: 400, message: LOGO_MESSAGES.empty },
    {
      what: 'an image bomb',
      body: () => aPngBomb(30_000, 30_000),
      type: 'image/png',
      status: 400,
      message: LOGO_MESSAGES.dimensions,
    },
    {
      what: 'a very wide image',
      body: () => aPngBomb(20_000, 10),
      type: 'image/png',
      status: 400,
      message: LOGO_MESSAGES.dimensions,
    },
    {
      what: 'a truncated PNG',
      body: async () => (await anImage('png', { width: 300, height: 300 })).subarray(0, 120),
      type: 'image/png',
      status: 400,
      message: LOGO_MESSAGES.unreadable,
    },
    {
      what: 'more than 2 MB',
      body: () => Buffer.alloc(LOGO_MAX_BYTES + 1, 1),
      type: 'image/png',
      status: 413,
      message: LOGO_MESSAGES.tooLarge,
    },
  ])('refuses $what with a clear message and keeps the current logo', async ({ body, type, status, message }) => {
    const owner = await anOwner();
    const current = (await upload(owner, await anImage('png'))).json().logo;
    const res = await upload(owner, await body(), type);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    expect((await t.app.inject({ url: `/api/profiles/${owner.handle}` })).json().business.logo).toEqual(current);
  });

  it('is for holders of an approved handle, who can also remove it', async () => {
    expect((await upload(undefined, await anImage('png'))).statusCode).toBe(401);
    expect((await upload(await aUser(t.db), await anImage('png'))).statusCode).toBe(403);

    const owner = await anOwner();
    await upload(owner, await anImage('png'));
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/profile/logo', headers: { cookie: owner.cookie } });
    expect(removed.json()).toEqual({ logo: null });
    expect((await t.app.inject({ url: `/api/profiles/${owner.handle}` })).json().business.logo).toBeNull();
    const gone = await t.app.inject({ url: `/api/profiles/${owner.handle}/logo` });
    expect({ status: gone.statusCode, message: gone.json().message }).toEqual({ status: 404, message: LOGO_MESSAGES.none });
  });
});
