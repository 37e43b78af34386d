import { afterEach, describe, expect, it } from 'vitest';
import '../../../../shared/i18n/all-locales';
import { setPageLocale } from '../../../../shared/i18n/current';
import { rangeText } from './list-pager';

describe('rangeText (issue 30)', () => {
  afterEach(() => setPageLocale('en'));
  const range = { page: 1, pageSize: 25, shown: 25, total: 10_217, isTotalExact: true };

  it('writes the count as the page language does', () => {
    expect(rangeText(range)).toBe('1–25 of 10,217');
    setPageLocale('fr');
    expect(rangeText(range)).toBe('1 à 25 sur 10\u00a0217');
    setPageLocale('es');
    expect(rangeText({ ...range, page: 2, isTotalExact: false })).toBe('26–50 de más de 10,217');
  });
});
