import { localized } from '../i18n/catalogue';
/**
 * Guest quotas per household and short-pass reminders (issue 31, decision 223): the checkout's
 * line, the refusal past the cap, the console's override and editor fields, the reminder email.
 */
export const guestQuotaMessages = /* @__PURE__ */ localized('guestQuotaMessages', {
  // The checkout says what is left. {date}: when the oldest counted pass leaves the window.
  leftHours: 'You have {hours} hours of guest parking left until {date}.',
  leftOneHour: 'You have 1 hour of guest parking left until {date}.',
  leftHoursUnused: 'You have {hours} hours of guest parking every {days} days.',
  leftPasses: 'You have {count} guest passes left until {date}.',
  leftOnePass: 'You have 1 guest pass left until {date}.',
  leftPassesUnused: 'You have {count} guest passes every {days} days.',
  noneLeft: 'You have no guest parking left until {date}.',
  // Refusals past the cap (400).
  reachedPasses:
    'You have used all {limit} passes per {days} days of this pass. More become available on {date}.',
  reachedHoursNone:
    'You have used all {limit} hours per {days} days of this pass. More become available on {date}.',
  reachedHours:
    'This pass is {hours} hours long, but only {remaining} of the {limit} hours per {days} days are left until {date}.',
  reachedPeriod:
    'You have reached the limit of {limit} {measure} per {period} for this pass. It opens again {date}.',
  // The console's one-time override.
  overrideTitle: 'Guest quota',
  overrideHelp:
    'Let this account take one pass past a product’s quota. Their next pass over the limit uses it; it is recorded in the audit log.',
  overrideProduct: 'Pass with a quota',
  overrideReason: 'Reason (optional)',
  overrideSubmit: 'Allow one pass over the quota',
  overrideGranted: 'Done: their next pass of {product} over the limit will be allowed.',
  overridePending: 'An unused override is waiting for {product}.',
  overrideNoProducts: 'No pass of this tenant has a quota.',
  overrideExists: 'This account already has an unused override for this pass.',
  overrideNoQuota: 'This pass has no quota to override.',
  // The console's product editor.
  editorShortReminder: 'Reminder before a short pass ends (minutes)',
  editorShortReminderHelp:
    'Passes of a day or less are emailed this long before they end. Leave it empty for no reminder.',
  // The console's settings: the tenant's guest quota (decision 249).
  settingsHeading: 'Guest quota',
  settingsIntro:
    'Caps guest parking on your visitor passes that have no quota of their own. A quota set on a pass in its editor comes first.',
  measureLabel: 'Cap',
  measureNone: 'No cap',
  measureHours: 'Hours of guest parking',
  measurePasses: 'Guest passes',
  countHoursLabel: 'Hours allowed',
  countPassesLabel: 'Passes allowed',
  perDaysLabel: 'In any (days)',
  perDaysHint: 'A rolling window that ends when the guest pass is bought.',
  perLabel: 'Counted per',
  perCustomer: 'Account',
  perUnit: 'Household',
  perHint: 'A household is every account with the same building and unit.',
  // The short-pass reminder email. {time}: the end, in the tenant's zone.
  reminderSubject: 'Your parking pass ends in {minutes} minutes',
  reminderHeading: 'Your parking pass is ending soon',
  reminderBody: '{product} (permit #{number}) ends at {time}.',
  reminderAfter: 'If you still need to park, get a new pass before then.',
  reminderAction: 'View your pass',
});
