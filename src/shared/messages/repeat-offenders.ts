import { localized } from '../i18n/catalogue';
/**
 * Repeat offenders (issue 31, decision 213): the plate check's line, the console's list and its
 * settings. {count}, {days}, {threshold}: whole numbers; {total}: money already formatted.
 */
export const repeatOffenderMessages = /* @__PURE__ */ localized('repeatOffenderMessages', {
  /** The plate check's and the console's plain line, by the test that flagged the plate. */
  byCount: 'Repeat offender: {count} unpaid notices.',
  byCountOne: 'Repeat offender: 1 unpaid notice.',
  byOverdue: 'Repeat offender: a notice unpaid for {days} days.',
  byCountAndOverdue: 'Repeat offender: {count} unpaid notices, one unpaid for {days} days.',
  notFlagged: 'Not a repeat offender.',
  /** The console list. */
  pageTitle: 'Repeat offenders',
  pageIntro:
    'Plates with {rule}. Totals are what the notices ask today, late penalties included, before fees.',
  ruleCount: '{threshold} or more unpaid notices',
  ruleOverdue: 'a notice unpaid for more than {days} days',
  ruleJoin: ' or ',
  turnedOff:
    'Repeat offenders are not flagged on this portal. Choose when a plate counts as one in Settings.',
  openSettings: 'Open settings',
  noneYet: 'No plate is a repeat offender right now.',
  exportCsv: 'Export CSV',
  columnPlate: 'Plate',
  columnState: 'State',
  columnUnpaidNotices: 'Unpaid notices',
  columnTotal: 'Total owed',
  columnOldest: 'Oldest unpaid',
  columnNewest: 'Newest',
  columnDaysUnpaid: 'Days unpaid',
  viewNotices: 'Notices of {plate}',
  loading: 'Loading repeat offenders',
  totalCount: '{count} plates',
  totalCountOne: '1 plate',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageLabel: 'Page {page}',
  daysUnpaid: '{days} days',
  /** Settings. */
  settingsHeading: 'Repeat offenders',
  settingsIntro:
    'Flag plates that keep leaving notices unpaid: the patrol plate check and the console say so.',
  noticeCountLabel: 'Unpaid notices that make a repeat offender',
  noticeCountHint: 'Empty: not counted.',
  overdueDaysLabel: 'Or any notice unpaid for more than (days)',
  overdueDaysHint: 'Empty: age is not checked.',
} as const);
