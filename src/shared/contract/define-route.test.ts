import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from './define-route';

describe('buildPath', () => {
  it('fills and encodes every parameter', () => {
    expect(
      buildPath(
        { path: '/portal/citation/p/:plate/n/:number/o/:subdomain' },
        {
          plate: 'AB 1/2',
          number: 'blank',
          subdomain: 'demo',
        },
      ),
    ).toBe('/portal/citation/p/AB%201%2F2/n/blank/o/demo');
  });

  it('refuses to send a request with a parameter missing', () => {
    expect(() => buildPath({ path: '/portal/citation/:uuid' }, {})).toThrow(/uuid/);
  });
});

describe('buildQuery', () => {
  it('encodes the defined values and leaves out the rest', () => {
    expect(buildQuery({ code: 'A&B', subdomain: 'demo', skipped: undefined, none: null })).toBe(
      '?code=A%26B&subdomain=demo',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});
