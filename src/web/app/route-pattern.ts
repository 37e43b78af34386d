import type { RouteObject } from 'react-router';

/**
 * The full path pattern a match of nested routes stands for ('/' for the home page's index route):
 * an index route adds nothing to its parent's path, a relative path is joined to it, an absolute
 * one replaces it. The leaf's own path alone would take the console's overview (an index route
 * under /dashboard) for the home page (issue 28, finding 6).
 */
export function routePattern(matches: ReadonlyArray<{ route: Pick<RouteObject, 'path'> }>): string {
  let pattern = '';
  for (const { route } of matches) {
    if (!route.path) continue;
    pattern = route.path.startsWith('/') ? route.path : `${pattern.replace(/\/$/, '')}/${route.path}`;
  }
  return pattern || '/';
}
