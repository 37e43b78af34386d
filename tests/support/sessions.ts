import { TEST_OPERATOR_PASSWORD, TEST_PASSWORD } from './factories';
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

/** Signs an operator in on their tenant's host and answers the Authorization header value. */
export async function signInOperator(
  t: TestApp,
  subdomain: string,
  email: string,
  password = TEST_OPERATOR_PASSWORD,
): Promise<string> {
  const response = await t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Operator sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return `Bearer ${response.json().jwtToken}`;
}
