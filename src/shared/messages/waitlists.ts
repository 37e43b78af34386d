import { localized } from '../i18n/catalogue';
/** Waitlists for sold-out passes (issue 31): the portal, the offer's email and page, the console. */
export const waitlistMessages = /* @__PURE__ */ localized('waitlistMessages', {
  // Joining, on a sold-out product.
  joinButton: 'Join the waitlist',
  joinTitle: 'Join the waitlist for {product}',
  joinIntro:
    'This pass is sold out. Leave your email and we will offer you the next place that frees up, first come, first served.',
  emailLabel: 'Email',
  emailSignedIn: 'We will write to {email}.',
  joinSubmit: 'Join the waitlist',
  cancel: 'Cancel',
  yourPlace: 'You are number {rank} on the waitlist.',
  yourPlaceOffered: 'A place is being held for you: check your email for the link.',
  alreadyOnList: 'You are already on this waitlist.',
  // Refusals.
  noWaitlist: 'This pass has no waitlist.',
  notSoldOut: 'This pass is not sold out: you can buy it now.',
  emailRequired: 'Enter your email to join the waitlist.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  offerUnavailable: 'This waitlist offer has expired, was declined or has already been used.',
  offerNotFound: 'This waitlist offer was not found. Check the link in your email.',
  // The offer's email.
  offerEmailSubject: 'A place on {product} is yours until {deadline}',
  offerEmailHeading: 'A place has freed up for you',
  offerEmailBody:
    'You were first on the waitlist for {product}. We are holding one place for you until {deadline}; nobody else can buy it until then.',
  offerEmailAfter:
    'If you no longer need it, open the link and decline, and the place goes to the next person in line.',
  offerEmailAction: 'Buy your pass',
  // The offer's page.
  offerTitle: 'Your place on {product}',
  offerHeld: 'A place is held for you until {deadline}. Nobody else can buy it until then.',
  offerBuy: 'Buy your pass',
  offerDecline: 'Decline the place',
  offerDeclineConfirm: 'Decline this place? It goes to the next person in line and you leave the waitlist.',
  offerDeclined: 'You declined the place. It has gone to the next person on the waitlist.',
  offerAccepted: 'You have bought this place. Your pass is in your email.',
  offerExpired: 'This offer ran out on {deadline}. The place has gone to the next person in line.',
  offerRemoved: 'You are no longer on this waitlist.',
  offerBanner: 'A place is held for you until {deadline}. Complete the checkout to take it.',
  loading: 'Loading your offer',
  // The console.
  consoleTitle: 'Waitlists',
  consoleIntro:
    'People waiting for sold-out passes, in order. The first in line is offered each place that frees up and has it held for the product’s offer time.',
  consoleEmpty: 'No product has a waitlist. Turn it on in a product’s settings.',
  consoleNobody: 'Nobody is waiting.',
  consoleLoading: 'Loading waitlists',
  consoleForbidden: 'Your role cannot see waitlists.',
  consoleCapacity: '{held} of {capacity} places taken · offers held for {hours} hours',
  consoleWaitingCount: '{count} waiting',
  columnRank: 'Rank',
  columnPerson: 'Person',
  columnStatus: 'Status',
  columnJoined: 'Joined',
  columnActions: 'Actions',
  statusWaiting: 'Waiting',
  statusOffered: 'Offered until {deadline}',
  moveUp: 'Move {email} up',
  moveDown: 'Move {email} down',
  remove: 'Remove {email}',
  removeConfirm: 'Remove {email} from the waitlist? A place held for them goes to the next person.',
  moved: 'Moved.',
  removed: 'Removed from the waitlist.',
  rankOutOfRange: 'The rank must be between 1 and {count}.',
  notWaiting: 'Only people still waiting can be moved.',
  entryGone: 'This person is no longer on the waitlist.',
  // The product editor.
  editorHasWaitlist: 'Keep a waitlist when sold out',
  editorHasWaitlistHelp: 'People can join a list; each freed place is offered to the first in line.',
  editorOfferHours: 'Hours an offer is held',
} as const);
