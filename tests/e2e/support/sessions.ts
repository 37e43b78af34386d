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

/**
 * Signs an operator in through the API from a page of the tenant and stores the token as the
 * console's sign-in page would (the console and the patrol app read it).
 */
export async function writeOperatorSession(page: Page, subdomain: string, email: string, password: string) {
  await page.goto(tenantUrl(subdomain, '/privacy'));
  await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/v1/dashboard/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`operator login failed: ${response.status}`);
      localStorage.setItem('operatorJwt', `Bearer ${(await response.json()).jwtToken}`);
    },
    { email, password },
  );
}
