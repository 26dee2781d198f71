import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES } from '../../../core/business-profile';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anImage } from '../../../tests/fixtures/images';
import { LOGO_DECODES_AT_ONCE, LOGO_DECODES_WAITING } from './logo-image';

/** Issue 33: eight 40-megapixel PNGs decoded at once took the server from 593 MB to 1.1 GB. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const upload = (user: TestUser, body: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile/logo',
    headers: { cookie: user.cookie, 'content-type': 'image/png' },
    payload: body,
  });
let owners = 0;
const anOwner = () => aUser(t.db, { handle: `limits-${++owners}` });

describe('logo decoding', () => {
  it('refuses a 40-megapixel image before decoding it', async () => {
    const owner = await anOwner();
    const large = await anImage('png', { width: 8000, height: 5000 });
    const res = await upload(owner, large);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LOGO_MESSAGES.dimensions);
    expect(LOGO_MESSAGES.dimensions).toContain('16 megapixels');
  });

  it('decodes one at a time, lets four wait, and turns the rest away with 503 until a slot is free', async () => {
    const image = await anImage('png', { width: 4000, height: 4000 });
    const people = await Promise.all(Array.from({ length: 8 }, anOwner));
    const answers = await Promise.all(people.map((person) => upload(person, image)));
    const statuses = answers.map((a) => a.statusCode).sort();
    const taken = LOGO_DECODES_AT_ONCE + LOGO_DECODES_WAITING;
    expect(statuses).toEqual([...Array(taken).fill(200), ...Array(8 - taken).fill(503)]);
    for (const refused of answers.filter((a) => a.statusCode === 503)) {
      expect(refused.json().message).toBe(LOGO_MESSAGES.busy);
      expect(refused.headers['retry-after']).toBe('2');
    }
    // Once the line is empty, the next upload is taken.
    const later = await upload(people.at(-1)!, image);
    expect(later.statusCode).toBe(200);
  });
});
