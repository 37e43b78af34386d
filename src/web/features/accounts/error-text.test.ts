import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { errorText } from './error-text';

const map = { 403: accountMessages.signupNotAuthorized, 409: accountMessages.signupEmailTaken };

describe('errorText', () => {
  it("answers the spec's text for the status, with the support address", () => {
    expect(
      errorText(new ApiError(409, 'conflict', 'x'), map, accountMessages.signupUnauthorized, 'a@b.example'),
    ).toBe(accountMessages.signupEmailTaken);
    expect(
      errorText(new ApiError(403, 'forbidden', 'x'), map, accountMessages.signupUnauthorized, 'a@b.example'),
    ).toContain('Please contact your parking admin or a@b.example for help');
  });

  it('falls back for other statuses and for errors that are not API errors', () => {
    expect(errorText(new ApiError(500, 'internal_error', 'x'), map, accountMessages.signupUnauthorized)).toBe(
      'This user account is unauthorized for permit dashboard access. For more help contact your admin or support.',
    );
    expect(errorText(new Error('boom'), map, accountMessages.signupUnauthorized)).toContain('unauthorized');
  });

  it("keeps the server's words for rate limits and network trouble", () => {
    expect(errorText(new ApiError(429, 'too_many_requests', 'Too many attempts.'), map, 'fallback')).toBe(
      'Too many attempts.',
    );
    expect(errorText(new ApiError(0, 'network_error', 'Offline.'), map, 'fallback')).toBe('Offline.');
  });
});
