import { TEST_PASSWORD } from './factories';
import type { TestApp } from './test-app';

/**
 * Signs a customer in through the API and answers the Authorization header value the web app
 * would store. The password defaults to the one buildCustomer gives every account.
 */
export async function signIn(
  t: TestApp,
  subdomain: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/auth/customer/login',
    payload: { email, password, entitySubdomain: subdomain },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return `Bearer ${response.json().jwtToken}`;
}
