import { aUser } from '../../fixtures/factories';
import { anImage } from '../../fixtures/images';
import { type ApiRow, approvedOnly, everyone } from './roles';

/** API rows: business profiles, their ordering terms and the directory (#15 §3, §4; #40 §1). Keep rows sorted by path. */
export const directoryRows: ApiRow[] = [
  {
    method: 'GET',
    path: '/api/directory',
    expect: everyone(200),
    request: () => ({ url: '/api/directory?q=matrix&trade=produce&deliversTo=BS8%201AB&day=tue' }),
    why: 'the public directory behind /explore, by delivery too (#40 §1); Follow states only for the signed-in viewer',
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
    path: '/api/profile/terms',
    expect: approvedOnly(200),
    why: 'the owner’s own ordering terms, with where orders go',
  },
  {
    method: 'PUT',
    path: '/api/profile/terms',
    expect: approvedOnly(200),
    request: () => ({
      payload: {
        timeZone: 'Europe/London',
        days: [{ day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } }],
        orderTo: { emails: ['orders@matrix.example'] },
      },
    }),
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
  {
    method: 'GET',
    path: '/api/profiles/:handle/terms',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const owner = await aUser(db, { handle: `terms-${unique}` });
      const terms = {
        timeZone: 'Europe/London',
        days: [{ day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } }],
        minimumOrder: null,
        areas: { postcodes: [], towns: [] },
        exceptions: { noDelivery: [], earlierCutoffs: [] },
        orderTo: { emails: ['orders@matrix.example'], phone: null, whatsapp: false },
      };
      await db
        .updateTable('users')
        .set({ delivery_terms: JSON.stringify(terms) })
        .where('id', '=', owner.id)
        .execute();
      return { url: `/api/profiles/terms-${unique}/terms` };
    },
    why: 'ordering terms are public but for where orders go, which only the owner reads',
  },
];
