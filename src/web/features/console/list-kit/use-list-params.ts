import { useSearchParams } from 'react-router';
import { nextSortOrder, type SortOrder } from '../sort-header';

/** What a console list keeps in the address: its filters by name, and the sort keys it offers. */
export interface ListParamsSpec<Filter extends string, Sort extends string> {
  filters: readonly Filter[];
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultOrder?: SortOrder;
}

export interface ListParams<Filter extends string, Sort extends string> {
  /** The filters set in the address (an empty value is no filter). */
  filters: Partial<Record<Filter, string>>;
  sort: Sort;
  order: SortOrder;
  page: number;
  hasFilters: boolean;
  /** Changes filters and goes back to page one (a new filter's page 7 would be a different row set). */
  setFilters: (changes: Partial<Record<Filter, string | undefined>>) => void;
  clearFilters: () => void;
  /** Sorts by a column (a second press reverses it), from page one. */
  sortBy: (pressed: Sort) => void;
  setPage: (page: number) => void;
}

/** A positive whole page number from the address; anything else is page one. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * A console list's state in the address (issue 33): filters, sort, order and page, so Back,
 * Forward, a reload and a shared link show the same rows. The defaults stay out of the address.
 * Every console list reads its state through this hook; a feature that adds to a list (row
 * selection) keys its own state on `filters` so that a changed filter clears it.
 */
export function useListParams<Filter extends string, Sort extends string>(
  spec: ListParamsSpec<Filter, Sort>,
): ListParams<Filter, Sort> {
  const [params, setParams] = useSearchParams();
  const defaultOrder = spec.defaultOrder ?? 'desc';
  const filters: Partial<Record<Filter, string>> = {};
  for (const key of spec.filters) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const sortParam = params.get('sort');
  const sort = spec.sorts.find((key) => key === sortParam) ?? spec.defaultSort;
  const orderParam = params.get('order');
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder;
  const page = readPage(params.get('page'));

  const write = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (next.get('sort') === spec.defaultSort) next.delete('sort');
    if (next.get('order') === defaultOrder) next.delete('order');
    setParams(next);
  };

  return {
    filters,
    sort,
    order,
    page,
    hasFilters: Object.keys(filters).length > 0,
    setFilters: (changes) => write({ ...changes, page: undefined }),
    clearFilters: () =>
      write({ ...Object.fromEntries(spec.filters.map((key) => [key, undefined])), page: undefined }),
    sortBy: (pressed) =>
      write({ sort: pressed, order: nextSortOrder(sort, order, pressed), page: undefined }),
    setPage: (next) => write({ page: next > 1 ? String(next) : undefined }),
  };
}
