import { Alert, Badge, Burger, Button, Drawer, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { currentLocale } from '../../../shared/i18n/current';
import type { Locale } from '../../../shared/i18n/locales';
import { consoleMessages } from '../../../shared/messages';
// Counts in the console's messages are ICU plurals in English too (decision 228).
import '../../../shared/messages/translations/icu';
import { languageMessages, languageNames } from '../../../shared/messages/languages';
import { rememberLanguage } from '../../app/language-menu';
import { followOperatorLanguage, saveOperatorLanguage } from '../operator/operator-language';
import { readOperatorToken } from '../operator/operator-session';
import { signOutEverywhere, useOperatorMe } from './console-api';
import { ConsoleNav, isCurrentSection } from './console-nav';
import './console.css';
import { paths } from '../../app/page-paths';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { CONSOLE_NAV_ITEMS, type ConsoleRouteHandle, navItemsFor } from './nav-items';
import { useConsoleSession } from './use-console-session';

/**
 * The frame of every console page (issue 11): the operator's name and role, the menu of the
 * sections their role may use with the current one marked (a drawer behind a burger on phones),
 * and sign-out. Signed-out visitors, and tokens the server refuses, go to /dashboard/login. The
 * menu is a convenience: the server checks the role of every call again.
 */
export function ConsoleLayout() {
  const hasToken = Boolean(readOperatorToken());
  const me = useOperatorMe();
  const { signOut } = useConsoleSession();
  const { pathname } = useLocation();
  const isHydrated = useIsHydrated();
  // A page the server rendered for the operator of the console pages' cookie (decision 252) is
  // hydrated as it was rendered, whatever this browser holds; then its token decides.
  const isSignedIn = hasToken || (!isHydrated && me.data !== undefined);
  // That cookie outlived the browser's token (a sign-out whose call did not reach the server):
  // signed out for good, the cookie too, before the sign-in page.
  const hasCookieWithoutToken = isHydrated && !hasToken && me.data !== undefined;
  useEffect(() => {
    if (hasCookieWithoutToken) signOut(pathname);
  }, [hasCookieWithoutToken, signOut, pathname]);
  const matches = useMatches();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const savedLanguage = me.data?.language;
  // The console follows the operator's saved language, chosen here or on another device.
  useEffect(() => {
    followOperatorLanguage(savedLanguage);
  }, [savedLanguage]);

  // Sign-in comes back here afterwards.
  if (!isSignedIn) return <Navigate to={paths.console.login()} replace state={{ from: pathname }} />;
  if (me.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={consoleMessages.loading} />
      </Group>
    );
  }
  if (me.isError) {
    return (
      <Alert color="red" role="alert" title={consoleMessages.consoleLabel}>
        {me.error.message}
      </Alert>
    );
  }

  const operator = me.data;
  const items = navItemsFor(operator.permissions);
  const section = CONSOLE_NAV_ITEMS.find((item) => isCurrentSection(item, pathname));
  // The section's action, and the page's own where its route names one (decision 240).
  const pageAction = matches
    .map((match) => (match.handle as Partial<ConsoleRouteHandle> | undefined)?.action)
    .findLast((action) => action !== undefined);
  const isAllowedHere = [section?.action, pageAction].every(
    (action) => action === undefined || operator.permissions.includes(action),
  );

  async function chooseOwnLanguage(language: Locale) {
    // Saved on the account first, so the reload (and every other device) opens in it.
    await saveOperatorLanguage(language).catch(() => undefined);
    rememberLanguage(language);
    followOperatorLanguage(language);
  }

  async function signOutOfEveryDevice() {
    await signOutEverywhere().catch(() => undefined);
    signOut();
  }

  return (
    <div className="console">
      <header className="console__bar">
        <Group gap="sm" wrap="nowrap">
          <Burger
            hiddenFrom="md"
            opened={isMenuOpen}
            onClick={() => setMenuOpen((open) => !open)}
            aria-label={isMenuOpen ? consoleMessages.closeMenu : consoleMessages.openMenu}
            aria-expanded={isMenuOpen}
            aria-controls="console-menu-drawer"
            size="sm"
            // On the server's markup (decision 252) a press would do nothing: it waits for the app.
            disabled={!isHydrated}
          />
          <Text fw={700} className="console__title">
            {`${operator.tenant.brandTitle} · ${consoleMessages.consoleLabel}`}
          </Text>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="dark" className="console__who" disabled={!isHydrated}>
              <span className="console__who-name">{operator.fullname}</span>
              <Badge variant="light" color="gray" c="dark.7" ml="xs" className="console__role">
                {consoleMessages.roleNames[operator.role]}
              </Badge>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{operator.email}</Menu.Label>
            {operator.tenant.languages.length > 1 && (
              <>
                <Menu.Divider />
                <Menu.Label>{languageMessages.yourLanguage}</Menu.Label>
                {operator.tenant.languages.map((language) => (
                  <Menu.Item
                    key={language}
                    lang={language}
                    // Mantine's items are menuitems, which take no aria-checked: the current one is marked.
                    aria-current={language === currentLocale() ? 'true' : undefined}
                    leftSection={<span aria-hidden="true">{language === currentLocale() ? '✓' : ''}</span>}
                    onClick={() => void chooseOwnLanguage(language)}
                    data-testid={`operator-language-${language}`}
                  >
                    {languageNames[language]}
                  </Menu.Item>
                ))}
                <Menu.Divider />
              </>
            )}
            <Menu.Item onClick={() => signOut()}>{consoleMessages.signOut}</Menu.Item>
            <Menu.Item onClick={() => void signOutOfEveryDevice()}>
              {consoleMessages.signOutEverywhere}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </header>
      <div className="console__body">
        <nav aria-label={consoleMessages.consoleLabel} className="console__nav">
          <ConsoleNav items={items} />
        </nav>
        <Drawer
          id="console-menu-drawer"
          opened={isMenuOpen}
          onClose={() => setMenuOpen(false)}
          title={consoleMessages.consoleLabel}
          size="xs"
          lockScroll={false}
          closeButtonProps={{ 'aria-label': consoleMessages.closeMenu }}
        >
          <nav aria-label={consoleMessages.consoleLabel}>
            <ConsoleNav items={items} onNavigate={() => setMenuOpen(false)} />
          </nav>
        </Drawer>
        <div className="console__page">
          {isAllowedHere ? (
            <Outlet />
          ) : (
            <Stack gap="sm">
              <Title order={1}>{section?.label}</Title>
              <Alert color="yellow" c="dark.9" role="alert">
                {consoleMessages.notForYourRole}
              </Alert>
            </Stack>
          )}
        </div>
      </div>
    </div>
  );
}
