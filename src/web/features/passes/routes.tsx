import { Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { RequireTenant } from '../accounts/session-guards';

/** Pass pages exist on tenant hosts only; a bare host has no catalogue. */
function TenantPages() {
  return (
    <RequireTenant>
      <Outlet />
    </RequireTenant>
  );
}

const checkoutPage = lazyPage(() => import('./checkout-page').then((module) => module.GuestCheckoutPage));

/**
 * Getting a pass (part 2 section 2): choosing, email verification, access codes, the application
 * and guest checkout, and the result screens. Each page is its own chunk (decision 070). Customer
 * pages sit in the signed-in frame; guest pages and the result screens (where the payment
 * provider sends guests and customers back) need no sign-in.
 */
export const passRoutes: RouteObject[] = [
  {
    path: '/permits/choose/emailsent',
    lazy: lazyPage(() => import('./email-sent-page').then((module) => module.EmailSentPage)),
  },
  {
    element: <TenantPages />,
    children: [
      {
        path: '/waitlist/offer/:token',
        lazy: lazyPage(() => import('./waitlist-offer-page').then((module) => module.WaitlistOfferPage)),
      },
      {
        path: '/permits/choose',
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.PublicChoosePage)),
      },
      {
        path: '/permit/:permituuid/verify',
        lazy: lazyPage(() => import('./verify-email-page').then((module) => module.VerifyPassEmailPage)),
      },
      { path: '/permit/:permituuid/guestcheckout', lazy: checkoutPage },
      { path: '/permit/:permituuid/guestcheckout/:customeruuid', lazy: checkoutPage },
      {
        path: '/permits/issued/success',
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSuccessPage)),
      },
      {
        path: '/permits/apply/:permitIssuedUUID/success',
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSuccessPage)),
      },
      {
        path: '/permits/issued/submitted',
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSubmittedPage)),
      },
      {
        path: '/permits/apply/:permitIssuedUUID/submitted',
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSubmittedPage)),
      },
      {
        path: '/permits/invitation/:token',
        lazy: lazyPage(() => import('./invitation-page').then((module) => module.InvitationPage)),
      },
      {
        path: '/permit/issued/:permitissueduuid/edit',
        lazy: lazyPage(() => import('./edit-pass-page').then((module) => module.EditPassPage)),
      },
      {
        path: '/permits/issued/invalid',
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedInvalidPage)),
      },
      // Issue 10, dashboard half: the issued-pass page and its public proof of coverage.
      {
        path: '/permit/issued/:permitissueduuid/receipt',
        lazy: lazyPage(() => import('./receipt-page').then((module) => module.IssuedReceiptPage)),
      },
      {
        path: '/permit/proof/:proofUUID',
        lazy: lazyPage(() => import('./proof-page').then((module) => module.PassProofPage)),
      },
    ],
  },
  {
    lazy: lazyPage(() => import('../accounts/signed-in-layout').then((module) => module.SignedInLayout)),
    children: [
      {
        path: '/permits/view/choose',
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.CustomerChoosePage)),
      },
      {
        path: '/permits/visitors/view/choose',
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.VisitorChoosePage)),
      },
      {
        path: '/permits/vehicles',
        lazy: lazyPage(() => import('./vehicles-page').then((module) => module.VehiclesPage)),
      },
      {
        path: '/permits/visitors',
        lazy: lazyPage(() => import('./visitors-page').then((module) => module.VisitorsPage)),
      },
      {
        path: '/permits/view/code',
        lazy: lazyPage(() => import('./access-code-page').then((module) => module.AccessCodePage)),
      },
      {
        path: '/permits/view/apply/:permituuid',
        lazy: lazyPage(() => import('./checkout-page').then((module) => module.CustomerApplyPage)),
      },
      // Issue 10, dashboard half: transactions and permit detail.
      {
        path: '/permits/transactions',
        lazy: lazyPage(() => import('./transactions-page').then((module) => module.TransactionsPage)),
      },
      {
        path: '/permits/view/:permituuid',
        lazy: lazyPage(() => import('./permit-detail-page').then((module) => module.PermitDetailPage)),
      },
    ],
  },
];
