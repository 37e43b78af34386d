import { describe, expect, it } from 'vitest';
import { accountMessages } from './accounts';
import { withSupport } from './common';

describe('account messages', () => {
  it('keep the spec wording, typos included', () => {
    expect(accountMessages.wrongCurrentPassword).toBe(
      'Your current password was enterred incorrectly. Please try again.',
    );
    expect(accountMessages.signupNotAuthorized).toContain('An error occured or the administrator');
    expect(accountMessages.noCards).toBe('There are no cards attached to this account.');
    expect(accountMessages.resetSucceeded).toBe(
      'Password successfully reset. Click here to go back to login.',
    );
    expect(accountMessages.resetSucceeded.endsWith(accountMessages.resetSucceededLinkText)).toBe(true);
    expect(accountMessages.forgotPasswordFailed).toContain(accountMessages.forgotPasswordLinkText);
  });

  it("put the tenant's contact address in place of {support}", () => {
    expect(withSupport(accountMessages.loginFailed, 'help@demo.example')).toBe(
      'Username or password is incorrect. For more help contact help@demo.example.',
    );
    expect(withSupport(accountMessages.loginUnauthorized, null)).toBe(
      'This user account is unauthorized for permit dashboard access. For more help contact your team superadmin or support.',
    );
  });
});

describe('every message', () => {
  it('ends a sentence with one full stop, never two', async () => {
    const all = await import('./index');
    const texts = Object.values(all).flatMap((group) =>
      typeof group === 'object' && group !== null
        ? Object.values(group).filter((v) => typeof v === 'string')
        : [],
    );
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => /(?<!\.)\.\.(?!\.)/.test(text))).toEqual([]);
  });
});
