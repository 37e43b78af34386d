// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/contract';
import type { BrandDetails } from '../../../shared/contract/brand';
import { accountMessages } from '../../../shared/messages';
import { BrandProvider } from '../../app/brand';
import { AccountPage } from './account-page';

/**
 * The account page's payment method card when the payment provider's portal cannot be opened
 * (GET /portal/customer/stripeportal/{id} answers 502): the card says why in an alert, the page
 * stays where it is, and the button can be pressed again. A component test: the server's side of
 * the refusal has its API tests; what is proved here is what the person reads.
 */
const customer: Customer = {
  uuid: '6f1b0c1e-3d4b-4c2a-9a55-1b2c3d4e5f60',
  customerPublicId: 'C-1001',
  signupCode: null,
  fullname: 'Dana Driver',
  email: 'dana@example.com',
  building: null,
  unit: null,
  customerEntityName: null,
  customerEntityUUID: null,
  isGuestCodesActive: false,
  guestCode: null,
  isEmailVerified: true,
  entityUUID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  language: null,
};
const PROVIDER_DOWN = 'The payment provider did not answer. Please try again in a minute.';

/** The server as the page meets it: the customer, no saved card, and a portal that fails once. */
function serverWithFailingPortal() {
  let portalCalls = 0;
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://alpha.localhost');
    if (pathname === '/api/v1/portal/customer') return answer(200, customer);
    if (pathname === '/api/v1/portal/customer/cards') return answer(200, []);
    if (pathname === `/api/v1/portal/customer/stripeportal/${customer.uuid}`) {
      portalCalls += 1;
      return portalCalls === 1
        ? answer(502, { code: 'payment_provider_error', message: PROVIDER_DOWN })
        : answer(200, { portalURL: 'https://billing.example/session/1' });
    }
    return answer(404, { code: 'not_found', message: 'Not found.' });
  });
  return { fetchSpy, portalCalls: () => portalCalls };
}

function renderAccount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <BrandProvider
          brand={{ subdomain: 'alpha', contactEmail: null, contactNumber: null } as BrandDetails}
        >
          <MemoryRouter initialEntries={['/permits/account']}>
            <AccountPage />
          </MemoryRouter>
        </BrandProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("the account's payment portal", { timeout: 30_000 }, () => {
  const assign = vi.fn();
  beforeEach(() => {
    localStorage.setItem('jwt', 'Bearer test-token');
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    assign.mockReset();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows the server's sentence in an alert when the portal cannot be opened, and stays on the page", async () => {
    const server = serverWithFailingPortal();
    vi.stubGlobal('fetch', server.fetchSpy);
    renderAccount();
    const button = await screen.findByRole('button', { name: accountMessages.managePaymentMethod });
    expect(screen.queryByTestId('portal-error')).toBeNull();

    fireEvent.click(button);
    const alert = await screen.findByTestId('portal-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(PROVIDER_DOWN);
    expect(assign).not.toHaveBeenCalled();
    // Not left busy: the person can try again, and a second answer takes them to the portal.
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/session/1'));
    expect(server.portalCalls()).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('portal-error')).toBeNull());
  });
});
