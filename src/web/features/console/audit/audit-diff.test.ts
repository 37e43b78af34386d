import { describe, expect, it } from 'vitest';
import { diffAuditValues } from './audit-diff';

describe('diffAuditValues', () => {
  it('lists only the fields that changed', () => {
    expect(
      diffAuditValues(
        { role: 'staff', email: 'a@x.example' },
        { role: 'tenant_admin', email: 'a@x.example' },
      ),
    ).toEqual([{ field: 'role', before: 'staff', after: 'tenant_admin' }]);
  });
  it('lists every field of a creation, and shows nulls and objects readably', () => {
    expect(diffAuditValues(null, { title: 'New', limit: null, tags: ['a'] })).toEqual([
      { field: 'title', before: '', after: 'New' },
      { field: 'limit', before: '', after: '—' },
      { field: 'tags', before: '', after: '["a"]' },
    ]);
  });
  it('finds no change in equal values', () => {
    expect(diffAuditValues({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
