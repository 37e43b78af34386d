import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useJwt } from '../../lib/session';

export const LOGIN_PATH = paths.account.login();
export const DASHBOARD_PATH = paths.account.dashboard();

/** Signed-in pages: without a stored jwt, go to sign-in (part 1 section 2, Shell). */
export function RequireSession({ children }: { children: ReactNode }) {
  const jwt = useJwt();
  return jwt ? children : <Navigate to={LOGIN_PATH} replace />;
}

/** Sign-in, sign-up and the sign-up code page: with a stored jwt, go to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const jwt = useJwt();
  return jwt ? <Navigate to={DASHBOARD_PATH} replace /> : children;
}

/** Account pages exist on tenant subdomains only; bare hosts go to /404. */
export function RequireTenant({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return brand ? children : <Navigate to={paths.notFound()} replace />;
}
