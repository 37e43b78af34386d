import { localized } from '../i18n/catalogue';
/** Payment plans for large notices (issue 31, decision 222): the notice page, emails, the console. */
export const paymentPlanMessages = /* @__PURE__ */ localized('paymentPlanMessages', {
  // The notice page.
  offerTitle: 'Pay in instalments',
  offerIntro:
    'Spread this notice over monthly payments. The first is paid today; the rest are charged to the same card.',
  offerButton: 'Pay in instalments',
  countLabel: 'Number of monthly instalments',
  countOption: '{count} instalments',
  emailLabel: 'Email for receipts and reminders',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  scheduleTitle: 'Your schedule',
  scheduleDate: 'Date',
  scheduleAmount: 'Amount',
  scheduleStatus: 'Status',
  scheduleToday: 'Today',
  scheduleFee: 'Plan fee (included)',
  scheduleTotal: 'Total',
  lateNote: 'No late penalties are added while you keep to the plan.',
  startButton: 'Pay the first instalment',
  cancelButton: 'Cancel',
  startFailed: 'The plan could not be started. Please try again.',
  onPlanTitle: 'On a payment plan',
  onPlanPaid: 'Paid: {amount}',
  onPlanRemaining: 'Remaining: {amount}',
  onPlanNext: 'Next instalment: {amount} on {date}',
  onPlanFailed:
    'The last instalment could not be charged. We will try again on {date}. If it is still unpaid on {graceDate}, the plan ends and the rest is due at once.',
  payRest: 'Pay the rest in full',
  planCompleted: 'Paid in instalments',
  planDefaulted:
    'The payment plan ended because an instalment was not paid. The rest of the notice is due now, with its late penalties.',
  planCanceled: 'The payment plan was cancelled.',
  instalmentsTitle: 'Instalments',
  instalmentNumber: 'Instalment {number} of {count}',
  statusDue: 'Due',
  statusFailed: 'Failed, retrying',
  statusPaid: 'Paid',
  statusPaidOff: 'Paid with the rest',
  statusCanceled: 'Cancelled',
  firstPaidBanner:
    'Your first instalment is paid. The next ones are charged to the same card on their dates.',
  // The public notice list.
  listPlanEnded: 'Payment plan ended',
  // Refusals.
  notOffered: 'Payment plans are not offered for this notice.',
  underThreshold: 'Only notices of {amount} or more can be paid in instalments.',
  tooManyInstalments: 'This operator allows at most {count} instalments.',
  alreadyOnPlan: 'This notice is already on a payment plan.',
  notPayable: 'This notice can no longer be paid.',
  // Checkout line.
  lineItem: 'Instalment {number} of {count} for parking notice {notice}',
  // Emails.
  receiptSubject: 'Receipt: instalment {number} of {count} for notice {notice}',
  receiptHeading: 'Thank you for your payment',
  receiptBody: 'We received {amount} for instalment {number} of {count} of parking notice {notice}.',
  receiptFee: 'This includes {fee} of the plan fee.',
  receiptNext: 'Next instalment: {amount} on {date}. Remaining: {remaining}.',
  completedBody: 'This was the last instalment: notice {notice} is now paid in full.',
  failedSubject: 'We could not charge your instalment for notice {notice}',
  failedHeading: 'Your instalment was not paid',
  failedBody:
    'We could not charge {amount} for instalment {number} of {count} of parking notice {notice}: {reason}',
  failedRetry:
    'We will try again on {date}. If it is still unpaid on {graceDate}, the plan ends and the rest of the notice is due at once, with its late penalties.',
  defaultedSubject: 'Your payment plan for notice {notice} has ended',
  defaultedHeading: 'Your payment plan has ended',
  defaultedBody:
    'An instalment of notice {notice} stayed unpaid past the grace period, so the plan has ended. The rest of the notice is now due, with the late penalties it would have had.',
  emailAction: 'View the notice',
  // The console.
  consoleTitle: 'Payment plan',
  consoleSummary: '{count} instalments · {total} in total, plan fee {fee}',
  consoleStatusActive: 'Active',
  consoleStatusCompleted: 'Completed',
  consoleStatusDefaulted: 'Defaulted',
  consoleStatusCanceled: 'Cancelled',
  consoleAttempts: '{count} failed attempts',
  // Console settings.
  settingsHeading: 'Payment plans',
  settingsIntro:
    'Let drivers pay large notices in monthly instalments. Leave the threshold empty to offer no plans.',
  thresholdLabel: 'Smallest notice for a plan',
  thresholdHint: 'Notices owing at least this much can be paid in instalments, e.g. $100.00.',
  maxInstalmentsLabel: 'Most instalments',
  maxInstalmentsHint: 'Drivers choose 2 up to this many monthly instalments (at most 6).',
  feeLabel: 'Plan fee',
  feeHint: 'Added once to the plan and spread over its instalments.',
  graceDaysLabel: 'Grace period (days)',
  graceDaysHint: 'How long a failed instalment is retried before the plan ends and the rest is due.',
} as const);
