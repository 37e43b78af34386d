import { Badge, Box, Burger, Button, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { clearSession } from '../../lib/session';
import { useCustomer } from './api';
import type { SignedInOutletContext } from './menu-entry';
import { LOGIN_PATH, RequireSession } from './session-guards';
import { activeMenuEntry, SIDE_MENU } from './side-menu';
// Loaded with the layout's chunk, not with every page's global styles.
import './signed-in-layout.css';

/** The menu's entries, current page marked; the side menu and the phone drawer both show these. */
function MenuItems({ pageEntryPath, onNavigate }: { pageEntryPath: string | null; onNavigate?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useCustomer();
  const active = activeMenuEntry(location.pathname, pageEntryPath);

  function logOut() {
    clearSession();
    // Nothing of this account may show to whoever signs in next on this browser.
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Stack gap={4} className="side-menu__items">
      {customer.data?.customerEntityName && (
        <Badge variant="filled" className="side-menu__badge brand-filled">
          {accountMessages.businessAccount}
        </Badge>
      )}
      {SIDE_MENU().map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={active?.to === item.to}
          aria-current={active?.to === item.to ? 'page' : undefined}
          className="side-menu__link"
          onClick={onNavigate}
        />
      ))}
      <Button variant="subtle" justify="flex-start" onClick={logOut} className="side-menu__logout">
        {accountMessages.menuLogout}
      </Button>
    </Stack>
  );
}

/**
 * On phones the menu lives in a drawer behind a menu button; the bar beside the button names the
 * current page, so the reader knows where they are without opening it.
 */
function PhoneMenu({ pageEntryPath }: { pageEntryPath: string | null }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const location = useLocation();
  const active = activeMenuEntry(location.pathname, pageEntryPath);
  return (
    <Box className="phone-menu">
      <Group gap="sm" wrap="nowrap" className="phone-menu__bar">
        <Burger
          opened={isOpen}
          onClick={isOpen ? close : open}
          aria-label={isOpen ? accountMessages.closeMenu : accountMessages.openMenu}
          aria-expanded={isOpen}
          aria-controls="phone-menu-drawer"
          size="sm"
        />
        <Text fw={700} data-testid="phone-menu-current">
          {active?.label}
        </Text>
      </Group>
      <Drawer
        id="phone-menu-drawer"
        opened={isOpen}
        onClose={close}
        title={accountMessages.menuLabel}
        size="80%"
        closeButtonProps={{ 'aria-label': accountMessages.closeMenu }}
      >
        <Box component="nav" aria-label={accountMessages.menuLabel} className="side-menu">
          <MenuItems pageEntryPath={pageEntryPath} onNavigate={close} />
        </Box>
      </Drawer>
    </Box>
  );
}

/**
 * Frame of every signed-in page: the side menu beside the page, or a menu button and drawer on
 * phones. Feature routes that need a signed-in customer go in this layout's children.
 */
export function SignedInLayout() {
  // A page may name the entry it belongs to (see usePageMenuEntry); null: its path decides.
  const [pageEntryPath, setPageMenuEntry] = useState<string | null>(null);
  const outletContext = useMemo<SignedInOutletContext>(() => ({ setPageMenuEntry }), []);
  return (
    <RequireSession>
      <Box className="signed-in-layout">
        <Box component="nav" aria-label={accountMessages.menuLabel} className="side-menu side-menu--wide">
          <MenuItems pageEntryPath={pageEntryPath} />
        </Box>
        <PhoneMenu pageEntryPath={pageEntryPath} />
        <Box className="signed-in-layout__page">
          <Outlet context={outletContext} />
        </Box>
      </Box>
    </RequireSession>
  );
}
