import { describe, expect, it } from 'vitest';
import { totalOfLastPage } from './count-up-to';

describe('totalOfLastPage', () => {
  it('counts the rows of a page that ends the list, and those of the pages before it', () => {
    expect(totalOfLastPage({ page: 1, pageSize: 25, shown: 2, hasMore: false })).toEqual({
      total: 2,
      isTotalExact: true,
    });
    expect(totalOfLastPage({ page: 3, pageSize: 25, shown: 25, hasMore: false })).toEqual({
      total: 75,
      isTotalExact: true,
    });
    expect(totalOfLastPage({ page: 1, pageSize: 25, shown: 0, hasMore: false })).toEqual({
      total: 0,
      isTotalExact: true,
    });
  });

  it('leaves a page with rows after it, or an empty page past the end, to be counted', () => {
    expect(totalOfLastPage({ page: 1, pageSize: 25, shown: 25, hasMore: true })).toBeNull();
    expect(totalOfLastPage({ page: 4, pageSize: 25, shown: 0, hasMore: false })).toBeNull();
  });
});
