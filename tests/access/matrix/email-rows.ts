import { type ApiRow, adminOnly, everyone, signedIn } from './roles';

/** API rows: email (#18). Keep rows sorted by path within a section. */
export const emailRows: ApiRow[] = [
  // ── email (#18) ──
  { method: 'GET', path: '/api/settings/email', expect: signedIn(200) },
  { method: 'PUT', path: '/api/settings/email', expect: signedIn(200), request: () => ({ payload: { listUpdates: 'weekly' } }) },
  { method: 'GET', path: '/api/admin/email', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/email/:id/retry',
    expect: adminOnly(404),
    request: () => ({ url: '/api/admin/email/999999999/retry' }),
    why: 'no such mail; sending a failed one again answers 200 (server/modules/email/routes.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/email/unsubscribe',
    expect: everyone(404),
    request: () => ({ url: '/api/email/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAA&category=notices' }),
    why: 'the token in the link is the key, not the session: an unknown token is 404 for everyone',
  },
  {
    method: 'POST',
    path: '/api/email/unsubscribe',
    expect: everyone(404),
    request: () => ({
      url: '/api/email/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAA&category=notices',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    why: 'RFC 8058 one-click, keyed by the token in the link; an unknown token is 404 for everyone',
  },
  {
    method: 'POST',
    path: '/api/email/unsubscribe/undo',
    expect: everyone(404),
    request: () => ({
      url: '/api/email/unsubscribe/undo?token=AAAAAAAAAAAAAAAAAAAAAAAA&category=list-updates',
      payload: Buffer.from('restore=daily'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    why: 'the undo on the "You\'re unsubscribed" page, keyed by the same token; an unknown token is 404 for everyone',
  },
  { method: 'GET', path: '/dev/mailbox', expect: everyone(200), why: 'development mailbox: not registered in production (404)' },
  {
    method: 'GET',
    path: '/dev/mailbox/:id',
    expect: everyone(404),
    request: () => ({ url: '/dev/mailbox/999999999' }),
    why: 'development mailbox: no such mail',
  },
];
