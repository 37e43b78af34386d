/** What other features and the app may use of this feature; its other files are its own. */

export type { WaitlistOfferRow } from './offer-claims';
export { findUsableWaitlistOffer, takeWaitlistOffer } from './offer-claims';
export { offerFreedPlaces, sweepWaitlists } from './offers';
export { waitlistRoutes } from './routes';
