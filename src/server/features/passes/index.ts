/** What other features and the app may use of this feature; its other files are its own. */
export { cancelPass } from './cancel-pass';
export { assertCatalogueVisible } from './catalogue';
export { sendExpiryReminders } from './expiry-reminders';
export { listPassExtensions, type SettledExtensionRow, undoRefundedExtensions } from './extensions-of-pass';
export { loadIssuedPermit } from './issued-permit';
export { decidePassWithin } from './pass-approval';
export { enqueuePassIssuedEmail, enqueuePassPaymentFailedEmail } from './pass-emails';
export {
  cancelPassRenewal,
  passBillingPeriod,
  passCheckoutDescription,
  passCheckoutPageUrl,
} from './pass-payment';
export { countHeldPlaces, countWaiting, holdsCapacity, lockProduct } from './queries';
export { releaseExpiredReservations } from './release-reservations';
export { passRoutes } from './routes';
export { sanitiseRichText } from './sanitise-rich-text';
export { takesTenantGuestQuota } from './tenant-guest-quota';
