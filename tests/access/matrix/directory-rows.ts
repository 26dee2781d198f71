import { aUser } from '../../fixtures/factories';
import { anImage } from '../../fixtures/images';
import { type ApiRow, approvedOnly, everyone } from './roles';

/** API rows: business profiles and the directory (#15 §3, §4). Keep rows sorted by path. */
export const directoryRows: ApiRow[] = [
  {
    method: 'GET',
    path: '/api/directory',
    expect: everyone(200),
    request: () => ({ url: '/api/directory?q=matrix&trade=produce' }),
    why: 'the public directory behind /explore; Follow states only for the signed-in viewer',
  },
  { method: 'GET', path: '/api/profile', expect: approvedOnly(200), why: 'the owner’s own business profile, to edit' },
  {
    method: 'PUT',
    path: '/api/profile',
    expect: approvedOnly(200),
    request: () => ({ payload: { displayName: 'Matrix Farm', bio: 'Vegetables.', trades: ['produce'] } }),
  },
  {
    method: 'DELETE',
    path: '/api/profile/logo',
    expect: approvedOnly(200),
    why: 'removing a logo is idempotent, also without one',
  },
  {
    method: 'PUT',
    path: '/api/profile/logo',
    expect: approvedOnly(200),
    request: async () => ({ payload: await anImage('png'), headers: { 'content-type': 'image/png' } }),
    why: 'the image itself as the body; visitors and others are refused before it is read',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/logo',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const owner = await aUser(db, { handle: `logo-${unique}` });
      await db
        .insertInto('profile_logos')
        .values({
          user_id: owner.id,
          image: await anImage('webp'),
          content_type: 'image/webp',
          width: 256,
          height: 256,
          version: 'matrix',
          updated_at: 1,
        })
        .execute();
      return { url: `/api/profiles/logo-${unique}/logo?v=matrix` };
    },
    why: 'a published logo is public, like the profile',
  },
];
