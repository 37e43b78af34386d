import { localized } from '../i18n/catalogue';

/** The tenant's landing page (issue 15): helpful copy around the spec's search and pass block. */
export const homeMessages = /* @__PURE__ */ localized('homeMessages', {
  heroNoticeTitle: 'Pay or appeal a parking notice',
  heroNoticeLead:
    'Find your notice with the notice number or your license plate, then pay online or ask for a review.',
  heroPassTitle: 'Parking passes',
  heroPassLead: 'Register your vehicle and manage your parking passes online.',
  helpTitle: 'How it works',
  whatTitle: 'What is a parking notice?',
  whatText:
    'A notice is left on a vehicle, or mailed, when it was parked against the posted rules. It shows a notice number, the plate, where and when it was issued, and the amount.',
  payTitle: 'How to pay',
  payText:
    'Search for your notice, check the amount and pay by card on a secure checkout. You get a receipt by email and on the notice page.',
  appealTitle: 'How to appeal',
  appealText:
    'If you believe a notice was issued in error, press Dispute notice within 21 days of the notice date and tell us why, with up to 4 photos. We answer by email.',
  deadlinesTitle: 'Deadlines',
  deadlinesText:
    'Late penalties may be added after the dates shown on the notice. Pay or appeal early: an appeal must be filed within 21 days.',
  contactTitle: 'Contact',
  contactEmail: 'Email',
  contactPhone: 'Phone',
  registerBlockTitle: 'Register for a Parking Pass',
  signUpWithCode: 'Sign up with code',
  logIn: 'Log in',
  createAccount: 'Create account',
  signIn: 'Sign in',
  goToParkingPasses: 'Go to parking passes',
} as const);

/**
 * The notice search box (part 1 section 2, Home): on the landing page, and its words again on the
 * notice pages. Apart from the notices' own messages, so the landing page loads only these.
 */
export const noticeSearchMessages = /* @__PURE__ */ localized('noticeSearchMessages', {
  searchLabelViolation: 'Violation notice # OR License plate',
  searchLabelNotice: 'Notice # OR License plate',
  searchLabelNoBrand: 'Infraction notice # OR License plate',
  search: 'Search',
  enterSearch: 'Enter a notice number or a license plate.',
  disputeNotice: 'Dispute notice',
} as const);
