import type { RouteOptions } from 'fastify';

export interface RegisteredRoute {
  methods: string[];
  path: string;
  options: RouteOptions;
}

/**
 * Collects the routes an app registers (pass `onRoute` to buildTestApp). HEAD routes Fastify adds
 * for each GET are folded into the GET route.
 */
export function routeCollector() {
  const seen: RegisteredRoute[] = [];
  return {
    onRoute(route: RouteOptions) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
      seen.push({ methods, path: route.url, options: route });
    },
    routes(): RegisteredRoute[] {
      return seen.filter(
        (route) =>
          !(
            route.methods.length === 1 &&
            route.methods[0] === 'HEAD' &&
            seen.some((other) => other.path === route.path && other.methods.includes('GET'))
          ),
      );
    },
  };
}
