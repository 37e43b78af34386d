import { Anchor, Group, Stack } from '@mantine/core';
import { Navigate, NavLink, Outlet } from 'react-router';
import { readOperatorToken } from '../operator/operator-session';
import { CONSOLE_NAV_ITEMS } from './nav-items';

/**
 * The frame of every console page: the section menu and the page. Signed-out visitors go to
 * /dashboard/login. (Issue 11 grows this into the full console frame: the operator's name and
 * role, the menu filtered by role, sign-out, a phone menu.)
 */
export function ConsoleLayout() {
  if (!readOperatorToken()) return <Navigate to="/dashboard/login" replace />;
  return (
    <Stack gap="lg">
      <nav aria-label="Console">
        <Group gap="md">
          {CONSOLE_NAV_ITEMS.map((item) => (
            <Anchor key={item.path} component={NavLink} to={item.path} end={item.path === '/dashboard'}>
              {item.label}
            </Anchor>
          ))}
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
