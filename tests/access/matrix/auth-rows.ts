import { type ApiRow, everyone } from './roles';

/** API rows: health and sign-in. Keep rows sorted by path within a section. */
export const authRows: ApiRow[] = [
  // ── health ──
  { method: 'GET', path: '/healthz', expect: everyone(200) },
  { method: 'GET', path: '/readyz', expect: everyone(200) },

  // ── auth ──
  {
    method: 'GET',
    path: '/api/auth/callback',
    expect: everyone(302),
    why: 'without the signed sign-in cookie it sends everyone to /login/complete?error=1',
  },
  { method: 'GET', path: '/api/auth/login', expect: everyone(302), why: 'redirects to the identity provider' },
  { method: 'POST', path: '/api/auth/logout', expect: everyone(204), why: 'signing out twice is harmless' },
  { method: 'GET', path: '/api/auth/me', expect: everyone(200), why: 'answers { user: null } to visitors' },
  {
    method: '*',
    path: '/oidc/*',
    expect: everyone(200),
    request: () => ({ url: '/oidc/.well-known/openid-configuration' }),
    why: 'the development identity provider (not mounted with OIDC_ISSUER or in production); it guards its own flow',
  },
  {
    method: 'GET',
    path: '/oidc/interaction/:uid',
    expect: everyone(400),
    request: () => ({ url: '/oidc/interaction/unknown' }),
    why: 'an unknown or expired sign-in interaction',
  },
  {
    method: 'POST',
    path: '/oidc/interaction/:uid',
    expect: everyone(400),
    request: () => ({ url: '/oidc/interaction/unknown', payload: { email: 'x@example.com', name: 'X' } }),
    why: 'an unknown or expired sign-in interaction',
  },
  { method: 'GET', path: '/oidc-assets/dev-sign-in.css', expect: everyone(200) },
];
