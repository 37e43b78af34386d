import { Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';
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
    path: paths.passes.emailSent.pattern,
    lazy: lazyPage(() => import('./email-sent-page').then((module) => module.EmailSentPage)),
  },
  {
    element: <TenantPages />,
    children: [
      {
        path: paths.passes.waitlistOffer.pattern,
        lazy: lazyPage(() => import('./waitlist-offer-page').then((module) => module.WaitlistOfferPage)),
      },
      {
        path: paths.passes.choose.pattern,
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.PublicChoosePage)),
      },
      {
        path: paths.passes.verifyEmail.pattern,
        lazy: lazyPage(() => import('./verify-email-page').then((module) => module.VerifyPassEmailPage)),
      },
      { path: paths.passes.guestCheckout.pattern, lazy: checkoutPage },
      { path: paths.passes.guestCheckoutFor.pattern, lazy: checkoutPage },
      {
        path: paths.passes.guestSuccess.pattern,
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSuccessPage)),
      },
      {
        path: paths.passes.success.pattern,
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSuccessPage)),
      },
      {
        path: paths.passes.guestSubmitted.pattern,
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSubmittedPage)),
      },
      {
        path: paths.passes.submitted.pattern,
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedSubmittedPage)),
      },
      {
        path: paths.passes.invitation.pattern,
        lazy: lazyPage(() => import('./invitation-page').then((module) => module.InvitationPage)),
      },
      {
        path: paths.passes.edit.pattern,
        lazy: lazyPage(() => import('./edit-pass-page').then((module) => module.EditPassPage)),
      },
      {
        path: paths.passes.invalid.pattern,
        lazy: lazyPage(() => import('./result-pages').then((module) => module.IssuedInvalidPage)),
      },
      // Issue 10, dashboard half: the issued-pass page and its public proof of coverage.
      {
        path: paths.passes.receipt.pattern,
        lazy: lazyPage(() => import('./receipt-page').then((module) => module.IssuedReceiptPage)),
      },
      {
        path: paths.passes.proof.pattern,
        lazy: lazyPage(() => import('./proof-page').then((module) => module.PassProofPage)),
      },
    ],
  },
  {
    lazy: lazyPage(() => import('../accounts/signed-in-layout').then((module) => module.SignedInLayout)),
    children: [
      {
        path: paths.passes.chooseForAccount.pattern,
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.CustomerChoosePage)),
      },
      {
        path: paths.passes.chooseVisitor.pattern,
        lazy: lazyPage(() => import('./choose-pass-page').then((module) => module.VisitorChoosePage)),
      },
      {
        path: paths.passes.vehicles.pattern,
        lazy: lazyPage(() => import('./vehicles-page').then((module) => module.VehiclesPage)),
      },
      {
        path: paths.passes.visitors.pattern,
        lazy: lazyPage(() => import('./visitors-page').then((module) => module.VisitorsPage)),
      },
      {
        path: paths.passes.accessCode.pattern,
        lazy: lazyPage(() => import('./access-code-page').then((module) => module.AccessCodePage)),
      },
      {
        path: paths.passes.apply.pattern,
        lazy: lazyPage(() => import('./checkout-page').then((module) => module.CustomerApplyPage)),
      },
      // Issue 10, dashboard half: transactions and permit detail.
      {
        path: paths.passes.transactions.pattern,
        lazy: lazyPage(() => import('./transactions-page').then((module) => module.TransactionsPage)),
      },
      {
        path: paths.passes.pass.pattern,
        lazy: lazyPage(() => import('./permit-detail-page').then((module) => module.PermitDetailPage)),
      },
    ],
  },
];
