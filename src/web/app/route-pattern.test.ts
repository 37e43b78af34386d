import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';

describe('routePattern', () => {
  it("is '/' for the home page's index route under the pathless shell", () => {
    expect(routePattern([{ route: {} }, { route: { index: true } as never }])).toBe('/');
  });

  it("is the parent's path for an index route under it, never '/'", () => {
    expect(routePattern([{ route: {} }, { route: { path: '/dashboard' } }, { route: {} }])).toBe(
      '/dashboard',
    );
  });

  it('joins relative paths and lets an absolute one replace its parent’s', () => {
    expect(
      routePattern([{ route: {} }, { route: { path: '/dashboard' } }, { route: { path: 'reports' } }]),
    ).toBe('/dashboard/reports');
    expect(routePattern([{ route: { path: '/dashboard' } }, { route: { path: '/dashboard/appeals' } }])).toBe(
      '/dashboard/appeals',
    );
    expect(routePattern([{ route: {} }, { route: { path: '/reports/:reportUUID' } }])).toBe(
      '/reports/:reportUUID',
    );
  });
});
