import { localized } from '../i18n/catalogue';
/** The console's appeal list (issue 33): its filters and search. */
export const consoleAppealListMessages = /* @__PURE__ */ localized('consoleAppealListMessages', {
  stateLabel: 'Show',
  states: { pending: 'Waiting for an answer', decided: 'Decided', all: 'All appeals' } as Record<
    string,
    string
  >,
  outcomeLabel: 'Outcome',
  anyOutcome: 'Any outcome',
  outcomes: { approved: 'Approved', denied: 'Denied' } as Record<string, string>,
  searchLabel: 'Notice number or plate',
  searchPlaceholder: 'Start of a number or plate',
  search: 'Search',
  clearFilters: 'Clear filters',
  emptyQueue: 'No appeal is waiting for an answer.',
  emptyFiltered: 'No appeals match. Change the search or the filters.',
} as const);
