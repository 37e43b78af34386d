import type { Page } from 'playwright-core';
import { tenantUrl } from './browser';

/**
 * Signs in through the API from a page of the tenant and stores the session as the login screen
 * would, so a test starts on a signed-in screen without clicking through the form.
 */
export async function writeSession(page: Page, subdomain: string, email: string, password: string) {
  await page.goto(tenantUrl(subdomain, '/privacy'));
  await page.evaluate(
    async ({ email, password, subdomain }) => {
      const response = await fetch('/api/v1/auth/customer/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, entitySubdomain: subdomain }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status}`);
      const session = await response.json();
      localStorage.setItem('jwt', `Bearer ${session.jwtToken}`);
      localStorage.setItem('userUUID', session.uuid);
      localStorage.setItem('customerPublicId', session.customerPublicId);
    },
    { email, password, subdomain },
  );
}

/** The password of every operator in the browser tests' fixtures. */
export const OPERATOR_PASSWORD = 'Operator#2026';

/**
 * Signs an operator in through the API from a light page of the tenant and stores the token as the
 * console's sign-in screen does, so a test opens the console signed in. Answers the token, for
 * calls a test makes itself.
 */
export async function writeOperatorSession(
  page: Page,
  subdomain: string,
  email: string,
  password = OPERATOR_PASSWORD,
): Promise<string> {
  await page.goto(tenantUrl(subdomain, '/privacy'));
  return page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/v1/dashboard/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`operator login failed: ${response.status}`);
      const token = `Bearer ${(await response.json()).jwtToken}`;
      localStorage.setItem('operatorJwt', token);
      return token;
    },
    { email, password },
  );
}
