import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * A route whose page is fetched when the route is first visited (decision 070). Only the landing
 * page is in the first download; every other page is its own chunk and brings, the first time one
 * of them loads, the Mantine styles the landing page does not use (one cached stylesheet).
 * `loadPage` is a dynamic `import()` of the page's module, so the bundler splits it off there.
 */
export function lazyPage(loadPage: () => Promise<ComponentType>): LazyRouteFunction<RouteObject> {
  return async () => {
    const [Component] = await Promise.all([loadPage(), import('./page-styles')]);
    return { Component };
  };
}
