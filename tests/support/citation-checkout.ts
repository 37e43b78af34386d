import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A notice as the public portal's search by number answers it in `subdomain`. */
export async function citationOf(t: Pick<TestApp, 'request'>, subdomain: string, number: string) {
  const response = await t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/${subdomain}`,
  });
  return response.json()[0];
}

/** Starts paying a notice as its pay button does; the answer is the `checkoutURL` to go to. */
export async function openCitationCheckout(
  t: Pick<TestApp, 'request'>,
  subdomain: string,
  number: string,
): Promise<string> {
  const citation = await citationOf(t, subdomain, number);
  const response = await t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/citation/checkout/${citation.uuid}/subdomain/${subdomain}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().checkoutURL;
}
