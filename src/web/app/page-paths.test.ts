import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPagePatterns, paths } from './page-paths';
import { routePattern } from './route-pattern';
import { appRoutes, isStaffPath } from './router';
import { staffRoutes } from './staff-routes';

/** Every full path pattern the router serves (the catch-all aside). */
function routerPatterns(routes: RouteObject[], parents: RouteObject[] = []): string[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const own =
      route.path === '*' || (!route.path && !route.index)
        ? []
        : [routePattern(chain.map((r) => ({ route: r })))];
    return [...own, ...routerPatterns(route.children ?? [], chain)];
  });
}

describe('page paths', () => {
  it('has a builder for every page of the router, and a page of the router for every builder', () => {
    const routed = new Set(routerPatterns(appRoutes(staffRoutes)));
    const built = new Set(allPagePatterns());
    expect([...routed].filter((pattern) => !built.has(pattern))).toEqual([]);
    expect([...built].filter((pattern) => !routed.has(pattern))).toEqual([]);
  });

  it("serves the staff areas' pages from the staff routes alone, which a browser loads on their paths", () => {
    const publicPatterns = routerPatterns(appRoutes());
    const staffPatterns = routerPatterns(appRoutes(staffRoutes)).filter(
      (pattern) => !publicPatterns.includes(pattern),
    );
    expect(staffPatterns.length).toBeGreaterThan(30);
    expect(staffPatterns.filter((pattern) => !isStaffPath(pattern))).toEqual([]);
    expect(publicPatterns.filter(isStaffPath)).toEqual([]);
  });

  it('fills the parameters in order, encoded, and adds only the query values given', () => {
    expect(paths.console.notice('n-1')).toBe('/dashboard/notices/n-1');
    expect(paths.verifyNotice('c-1', 'sig')).toBe('/verify/c-1/sig');
    expect(paths.console.plate('AB 12/3')).toBe('/dashboard/plates/AB%2012%2F3');
    expect(paths.citations({ plate: 'ABC 123', citationNumber: undefined })).toBe(
      '/citations?plate=ABC%20123',
    );
    expect(paths.console.passes({ status: '' })).toBe('/dashboard/passes');
    expect(paths.passes.apply('p-1', { code: 'VIP' })).toBe('/permits/view/apply/p-1?code=VIP');
  });
});
