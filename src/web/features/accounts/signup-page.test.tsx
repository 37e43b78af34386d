// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRefusedFetch } from '../../../../tests/support/refused-fetch';
import type { BrandDetails } from '../../../shared/contract/brand';
import { accountMessages } from '../../../shared/messages';
import { BrandProvider } from '../../app/brand';
import { SignupPage } from './signup-page';

/**
 * The sign-up form's own checks, before anything is sent (part 1 section 3): a component test,
 * where a browser test would need a server for what the form decides alone.
 */
function renderSignup(brand: Partial<BrandDetails>, path = '/permits/signup') {
  render(
    <MantineProvider>
      <BrandProvider
        brand={{ subdomain: 'alpha', isPrivate: false, isLoginOnly: false, ...brand } as BrandDetails}
      >
        <MemoryRouter initialEntries={[path]}>
          <SignupPage />
        </MemoryRouter>
      </BrandProvider>
    </MantineProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: accountMessages.signUp }));

describe('the sign-up form', { timeout: 30_000 }, () => {
  const fetchSpy = useRefusedFetch();

  it('marks each invalid field with its own message and sends nothing', async () => {
    renderSignup({});
    fireEvent.change(field(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(field(/^Password/), { target: { value: 'weak' } });
    submit();
    await screen.findByText(accountMessages.fullnameRequired);
    expect(screen.getByText(accountMessages.invalidEmail)).toBeDefined();
    expect(screen.getByText(accountMessages.passwordTooWeak)).toBeDefined();
    expect(field(/^Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('clears a field’s message as soon as it is changed', async () => {
    renderSignup({});
    submit();
    await screen.findByText(accountMessages.fullnameRequired);
    fireEvent.change(field(/^Full name/), { target: { value: 'Dana Driver' } });
    expect(screen.queryByText(accountMessages.fullnameRequired)).toBeNull();
  });

  it('asks for the sign-up code on a private, sign-in-only portal, and takes it from the link', async () => {
    renderSignup({ isPrivate: true, isLoginOnly: true });
    submit();
    await screen.findByText(accountMessages.signupCodeRequired);
    cleanup();
    renderSignup({ isPrivate: true, isLoginOnly: true }, '/permits/signup?code=e2e-code1');
    expect(field(/^Sign-up code/).value).toBe('E2E-CODE1');
  });
});
