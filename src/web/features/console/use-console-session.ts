import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/page-paths';
import { ApiError } from '../../lib/api-client';
import { clearOperatorToken } from '../operator/operator-session';
import { isOperatorQuery } from './console-api';

/**
 * Signing out of the console: the token and every console query go, then the sign-in page. Any
 * console query refused with a 401 (token expired, revoked by a role change or "sign out
 * everywhere") signs out the same way, so no page has to handle it itself.
 */
export function useConsoleSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  const signOut = useCallback(
    /** `returnTo`: the page to come back to after signing in again (a token that ran out). */
    (returnTo?: string) => {
      clearOperatorToken();
      queryClient.removeQueries({ predicate: isOperatorQuery });
      navigate(paths.console.login(), { replace: true, state: returnTo ? { from: returnTo } : null });
    },
    [navigate, queryClient],
  );

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (
          event.type === 'updated' &&
          isOperatorQuery(event.query) &&
          error instanceof ApiError &&
          error.status === 401
        ) {
          signOut(pathname);
        }
      }),
    [queryClient, signOut, pathname],
  );

  return { signOut };
}
