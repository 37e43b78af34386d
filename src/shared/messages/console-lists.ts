import { localized } from '../i18n/catalogue';
/** The parts every console list shares (issue 33): its count, its pages and its export. */
export const consoleListMessages = /* @__PURE__ */ localized('consoleListMessages', {
  /** "1–25 of 10,217": the rows shown and how many match. */
  range: '{first}–{last} of {total}',
  /** Past the counted cap: "1–25 of more than 10,000". */
  rangeAtLeast: '{first}–{last} of more than {total}',
  pagesLabel: 'Pages',
  pageItem: 'Page {page}',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  firstPage: 'First page',
  lastPage: 'Last page',
  jumpLabel: 'Go to page',
  jumpButton: 'Go',
  /** The jump box's hint: the pages there are. */
  jumpHint: '1 to {pages}',
  jumpOutOfRange: 'Choose a page from 1 to {pages}.',
  exportCsv: 'Export CSV',
  exportHint: 'Exports every row that matches the filters, not only this page.',
  /** A page past the deepest a list reaches (decision 201): how far it goes, and what to do. */
  pagesReachPasses: 'Pages reach the first {max} passes: narrow the search or the status.',
  pagesReachCustomers: 'Pages reach the first {max} customers: narrow the search.',
  pagesReachAppeals: 'Pages reach the first {max} appeals: narrow the search or the filters.',
  pagesReachNotices: 'Pages reach the first {max} notices: narrow the search or the filters.',
} as const);
