import type { TestApp } from './test-app';

/** The sandbox's card that always pays; other numbers decline or need a second step. */
export const GOOD_CARD_NUMBER = '4242 4242 4242 4242';

/**
 * Submits the sandbox checkout page as the browser's form does. `checkout` is the page's
 * path or the full `checkoutURL` a start-checkout call returned; the answer is the page's
 * redirect (303 when the payment went through).
 */
export function submitSandboxCheckout(
  t: Pick<TestApp, 'request'>,
  subdomain: string,
  checkout: string,
  cardNumber = GOOD_CARD_NUMBER,
) {
  return t.request(subdomain, {
    method: 'POST',
    url: checkout.startsWith('/') ? checkout : new URL(checkout).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123' }).toString(),
  });
}
