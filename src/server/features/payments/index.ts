/** What other features and the app may use of this feature; its other files are its own. */
export { cancelSubscriptionAtPeriodEnd, isRenewing } from './cancel-subscription';
export { citationCheckoutDescription, citationPageUrl } from './citation-checkout';
export { customerBillingRoutes } from './customer-routes';
export { chargedForSubject } from './fulfil-citation';
export { type FulfilmentResult, registerFulfilment } from './fulfilments';
export { recordPaidSandboxCheckout, recordPaidSandboxSubscription } from './record-paid-checkout';
export { enqueueRefundEmail } from './refund-email';
export { refundableOf, refundPayments } from './refund-payments';
export { renewDueSandboxSubscriptions } from './renew-sandbox-subscriptions';
export { paymentRoutes } from './routes';
export { sandboxRoutes } from './sandbox-routes';
export { checkoutReturnUrls, startCheckout } from './start-checkout';
export { startSubscriptionCheckout } from './start-subscription-checkout';
export { findSubscription } from './subscription-queries';
