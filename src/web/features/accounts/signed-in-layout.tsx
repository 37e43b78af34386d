import { Badge, Box, Button, NavLink, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { clearSession } from '../../lib/session';
import { useCustomer } from './api';
import { LOGIN_PATH, RequireSession } from './session-guards';
import { activeMenuEntry, SIDE_MENU } from './side-menu';

function SideMenu() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useCustomer();
  const active = activeMenuEntry(location.pathname);

  function logOut() {
    clearSession();
    // Nothing of this account may show to whoever signs in next on this browser.
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Box component="nav" aria-label={accountMessages.menuLabel} className="side-menu">
      <Stack gap={4} className="side-menu__items">
        {customer.data?.customerEntityName && (
          <Badge variant="light" className="side-menu__badge">
            {accountMessages.businessAccount}
          </Badge>
        )}
        {SIDE_MENU.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={active === item}
            aria-current={active === item ? 'page' : undefined}
            className="side-menu__link"
          />
        ))}
        <Button variant="subtle" justify="flex-start" onClick={logOut} className="side-menu__logout">
          {accountMessages.menuLogout}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Frame of every signed-in page: the side menu beside the page (above it on narrow screens).
 * Feature routes that need a signed-in customer go in this layout's children.
 */
export function SignedInLayout() {
  return (
    <RequireSession>
      <Box className="signed-in-layout">
        <SideMenu />
        <Box className="signed-in-layout__page">
          <Outlet />
        </Box>
      </Box>
    </RequireSession>
  );
}
