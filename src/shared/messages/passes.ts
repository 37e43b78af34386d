import { localized } from '../i18n/catalogue';
import { fillMessage } from './fill';
/**
 * Parking pass strings (part 2 sections 2, 4, 5 and 8), with the spec's exact wording (its
 * spelling mistakes included: screens and tests compare against these). Server answers and
 * screens both take them from here.
 */
export const passMessages = /* @__PURE__ */ localized('passMessages', {
  // Section 5: checkout (guest or customer), in the spec's order.
  guestCodeRequired: 'Please add your guest code.',
  emailInvalid: 'Please enter a valid email.',
  dateRequired: 'Please choose a date.',
  vehicleRequired: 'Please add your vehicle info.',
  /** Time selection type 3: both start and end (the spec gives no text; ours). */
  startAndEndRequired: 'Please choose a start and an end.',
  endBeforeStart: 'The end must be after the start.',
  /** Label-and-address type: the spec blocks without a message; the server answers this one. */
  labelAndAddressRequired: 'Please fill out the label, name, address, city, state, zip, country and phone.',
  fullCustomFieldsRequired: 'Please fill out all fields before continuing.',
  residencyErrorTitle: 'Registration Error',
  residencyErrorHawaii:
    'This registration form is intended for Hawaii state residents only. Please enter a valid Hawaii ID number and a Hawaii (HI) address.',
  holderNameRequired: 'Please enter the passholder name.',
  holderEmailInvalid: 'Please enter a valid email.',
  vehicleChoiceRequired: 'Please choose a vehicle.',
  proofRequired: 'Please upload your registration documents.',
  addressRequired: 'Please enter the address, city, state, zip and country.',
  squareContactRequired:
    'Please enter the phone number, building/business, lot name, emergency name, emergency email and emergency phone.',
  emergencyEmailInvalid: 'Please enter a valid emergency email.',
  customFieldsUpdateRequired: 'Please fill out all fields before updating.',
  fileTooLarge: 'File is over the maximum 5MB limit.',
  fileCountReached: "You've reached the maximum allowed file count.",
  vehicleFieldsRequired: 'Please enter the plate, state, make, model and color.',
  secondaryPlateRequired: 'Please enter a plate.',
  codeRequired: 'Please enter a code.',
  inviteEmailInvalid: 'Please enter a valid email.',
  invitePasswordRequired: 'Please enter a password.',

  // Section 8.
  maxPermitsTitle: "You've reached the maximum allowed number of permits.",
  /** {count}: the brand's maxPermitCountPerCustomer. */
  maxPermitsBody:
    'Only {count} permit(s) can be registered for this account. If you have multiple redemption codes please create a new account using an alternate email address.',
  invalidAccessCode: 'This code is invalid or is no longer available.',
  accessCodeLookupFailed:
    'Code has already been used or is not a valid code. Please reach out to your parking admin for a pass code.',
  soldOut: 'Sorry, this parking pass is sold out or has been fully reserved at this time.',
  issueFailed: 'Your permit could not be submitted at this time. Please try again later.',
  paymentUnsuccessfulTitle: 'Payment unsuccessful. Your permit was not able to be purchased.',
  paymentUnsuccessfulBody: 'Unable to process payment. Your credit card was not charged.',
  paymentUnsuccessfulShort: 'Payment unsuccessful...',
  holderUpdateFailed: 'The passholder information could not be updated at this time.',
  proofUploadFailed:
    'There was an issue uploading registration documents. Please contact support for assistance.',
  maxActiveVehiclesTitle: 'You are at the maximum allowed active vehicles.',
  maxActiveVehiclesBody: 'Please deactivate a vehicle before activating another vehicle.',
  vehicleUpdated: 'Successfully updated vehicle info.',
  // Living with a pass (ours: the spec shows no text for these refusals).
  /** {count}: the pass's maxVehiclesPerPermit. */
  maxVehiclesReached: 'This pass already has {count} vehicle(s), the most it allows.',
  passNotChangeable: 'This pass can no longer be changed.',
  timesNotEditable: 'The start and end of this pass cannot be changed.',
  startInPast: 'The start must not be in the past.',
  endInPast: 'The end must be in the future.',
  passTooLong: 'The pass cannot be longer than its product allows.',
  /** Time selection type 1 with a later start asked for (ours). */
  passStartsNow: 'This pass starts when it is bought: it cannot be given another start.',
  primaryVehicleRequired: 'Add a vehicle to this pass first.',

  // Section 2: result screens.
  issuedSuccess: 'Your permit has been successfully issued!',
  issuedSuccessBody:
    'Please check your email for your confirmation link. You can also edit your vehicle details or cancel your permit with the link in your email.',
  submittedTitle: 'Thank you! Your permit request has been sucessfully submitted.',
  submittedBody:
    'You will receive an email notice once the administrator of this permit has approved your request.',
  canceledOrVoided: 'Your permit has been canceled or voided. We hope to see you again!',
  backToDashboard: 'Back to dashboard',
  needsAdminApproval: 'Needs admin approval',
  /** A private, sign-in-only portal's catalogue, to a signed-out visitor (ours). */
  catalogueSignInRequired: 'Please sign in to see the passes of this portal.',
  soldOutBadge: 'Sold out',
  verifyEmailTitle: 'Verify your email address',
  emailSent: 'We sent you an email with a link to begin your registration.',
  noPermits: 'No permits.',
  registerNewPass: 'Register a new pass',
  businessAccountBadge: 'Business Account',
  availableVisitorPasses: 'Available visitors passes for the month: 6',
  cancelConfirmTitle: 'Are you sure you want to cancel your permit?',
  cancelConfirmBody:
    'This action cannot be undone, and you will lose your parking permit for the chosen time.',
  noTransactions: 'No recent transactions.',

  // Section 4: display of a pass.
  activeStarting: 'Active starting {date}',
  passWillBeActive: 'Pass will be active {date}',
  expiredOn: 'Expired {date}',
  statusValid: 'Valid',
  statusWaiting: 'Waiting for approval',
  statusRejected: 'Rejected',
  statusExpired: 'Expired',
  statusPaid: 'Paid',
  statusCanceled: 'Canceled',
  statusNeedsPayment: 'Needs payment',
  paymentRequired: 'Payment required',
  proceedToPayment: 'Proceed to payment',
  needsInput: 'Needs input',

  // Rules check (ours: the spec shows the server's text). {opens}: when the rule opens again.
  ruleNotOnSaleYet: 'This pass is not on sale yet. It opens {opens}.',
  ruleSalesEnded: 'This pass is no longer on sale.',
  ruleWeekday: 'This pass cannot be bought on this day of the week. It opens again {opens}.',
  ruleHours: 'This pass can only be bought during set hours. It opens again {opens}.',
  ruleBlackout: 'This pass cannot be bought on this date. It opens again {opens}.',
  /** {count} {measure} per {period}; the customer or plate has used them all. */
  ruleQuotaReached:
    'You have reached the limit of {count} {measure} per {period} for this pass. It opens again {opens}.',

  // Codes and verification.
  guestCodeInvalid: 'This guest code is invalid. Please check your guest code.',
  verificationRequired: 'Please verify your email address before registering for this pass.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  passNotPayable: 'This pass can no longer be paid.',
  productNotForSale: 'This pass is not available.',

  // Emails.
  emailSubmittedSubject: 'Your permit request was submitted',
  emailIssuedSubject: 'Your parking permit',
  emailPaymentFailedSubject: 'Your parking permit needs payment',
  emailVerifySubject: 'Verify your email to register for a parking pass',
  emailInvitedSubject: 'You have been issued a parking permit',
  emailCanceledSubject: 'Your parking permit was canceled',
  /** {product}: the pass; {number}: its permit number. */
  emailCanceledBody: '{product} (permit #{number}) has been canceled and is no longer valid.',
  emailCanceledRenewalStopped: 'It will not renew, and you will not be charged for it again.',
  /** {business}: the inviting business account; {product}: the pass. */
  emailInvitedBody: '{business} issued you a parking permit: {product}.',
  emailInvitedNewAccount:
    'Choose your own password and add your vehicle with the button below; the link works for 14 days. Until then you can sign in with this email address and the password {business} gave you.',
  emailInvitedExistingAccount:
    'Add your vehicle with the button below (the link works for 14 days), or sign in to your account to see the pass on your dashboard.',
  emailInvitedSetPassword:
    'Set your password and add your vehicle with the button below; the link works for 14 days.',
  emailInvitedNeedsApproval: '{business} will approve the pass once you have added your vehicle.',
  emailInvitedAction: 'Set up your pass',
  /** The invitation link is used, expired, or not this tenant's. */
  invitationInvalid:
    'This invitation link is no longer valid. Sign in to see your pass, or ask the business that invited you for a new invitation.',
  invitationPasswordRequired: 'Please choose a password.',
  invitationAlreadyAccepted: 'This invitation has already been accepted. Sign in to see your pass.',
} as const);

/** Fills `{name}` placeholders of a pass message. */
export function formatPassMessage(template: string, values: Record<string, string | number>): string {
  return fillMessage(template, values);
}

/** How often a recurring pass is charged (issue 30): '$75.00 / month', 'renews every 3 months'. */
export const periodMessages = /* @__PURE__ */ localized('periodMessages', {
  recurringPrice: '{amount} / {period}',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
  days: '{count} days',
  weeks: '{count} weeks',
  months: '{count} months',
  years: '{count} years',
  // How long a pass runs: '1 day', '3 hours' (the two largest parts).
  monthOne: '1 month',
  monthMany: '{count} months',
  dayOne: '1 day',
  dayMany: '{count} days',
  hourOne: '1 hour',
  hourMany: '{count} hours',
  minuteOne: '1 minute',
  minuteMany: '{count} minutes',
} as const);
