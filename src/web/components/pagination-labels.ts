import { formatNumber } from '../../shared/format';
import { consoleListMessages as m } from '../../shared/messages/console-lists';
import { fillMessage } from '../../shared/messages/fill';

type PaginationControl = 'first' | 'last' | 'previous' | 'next';

/**
 * The names of Mantine Pagination's arrow buttons in the page's language, for its
 * `getControlProps`: every list with pages reads them from here (issue 30).
 */
export function paginationControlProps(control: PaginationControl): { 'aria-label': string } {
  const labels: Record<PaginationControl, string> = {
    first: m.firstPage,
    last: m.lastPage,
    previous: m.previousPage,
    next: m.nextPage,
  };
  return { 'aria-label': labels[control] };
}

/** A numbered page button's name ('Page 3'), for `getItemProps`. */
export function paginationItemProps(page: number): { 'aria-label': string } {
  return { 'aria-label': fillMessage(m.pageItem, { page: formatNumber(page) }) };
}
