/** The HTTP part's routes, apart from run.ts to keep it short (the web build: build-web.ts). */
import type { ColdKeys } from './cold';
import type { HttpRoute } from './http-bench';
import type { SeededNetwork } from './seed';

/** The routes the HTTP part loads, the framework ceiling first. */
export function httpRoutes(network: SeededNetwork, cold: ColdKeys): HttpRoute[] {
  const n = (keys: ColdKeys['feed']) => keys.measured.length.toLocaleString('en-US');
  return [
    { name: 'ceiling (constant GET)', path: '/healthz', signedIn: false, ceiling: true, target: null },
    // What any route that asks the database can reach at most: one trivial query a request.
    { name: 'one database round trip', path: '/readyz', signedIn: false, target: null },
    { name: 'feed API (1,000 follows)', path: '/api/feed', signedIn: true, target: null },
    { name: 'profile posts API', path: `/api/profiles/${network.busiestHandle}/posts`, signedIn: false, target: null },
    { name: 'profile page, rendered', path: `/${network.busiestHandle}`, signedIn: false, target: null },
    // No repeats, so the read cache cannot answer. Their target is against the reference without
    // the framework (issue 28), not the ceiling: see the report's framework's cost.
    { name: `cold feed API (${n(cold.feed)} readers)`, path: '/api/feed', signedIn: true, cold: cold.feed, target: null },
    {
      name: `cold profile page, rendered (${n(cold.profiles)} handles)`,
      path: '/{handle}',
      signedIn: false,
      cold: cold.profiles,
      target: null,
    },
    {
      name: `cold profile posts API (${n(cold.profilePosts)} handles)`,
      path: '/api/profiles/{handle}/posts',
      signedIn: false,
      cold: cold.profilePosts,
      target: null,
    },
  ];
}
