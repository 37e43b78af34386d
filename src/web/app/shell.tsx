import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { commonMessages, portalTitle } from '../../shared/messages/common';
import { useBrand } from './brand';
import { LanguageMenu } from './language-menu';
import { NavigationProgress, PageLoading } from './page-loading';
import { paths } from './page-paths';
import { useDocumentTitle } from './use-document-title';

/**
 * Header with the tenant's logo and title, the page, and a footer with legal links and version.
 * `children` stand in for the page while the first page's chunk loads (ShellLoading).
 */
export function Shell({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  const title = portalTitle(brand?.brandTitle);
  useDocumentTitle(title);
  return (
    <Box className="app-shell">
      <NavigationProgress />
      <a className="skip-link" href="#main-content">
        {commonMessages.skipToContent}
      </a>
      <header className="brand-header">
        <Link to={paths.home()} className="brand-header__home">
          {brand?.logoUrl && <img className="brand-header__logo" src={brand.logoUrl} alt="" />}
          <span className="brand-header__title">{title}</span>
        </Link>
        <LanguageMenu />
      </header>
      <Container component="main" id="main-content" size="lg" py="lg" className="app-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </Container>
      <footer className="app-footer">
        <Group justify="center" gap="md" wrap="wrap">
          <Anchor component={Link} to={paths.privacy()} size="sm">
            {commonMessages.privacy}
          </Anchor>
          <Anchor component={Link} to={paths.terms()} size="sm">
            {commonMessages.terms}
          </Anchor>
          <Text size="sm" c="dimmed">
            {commonMessages.appVersion}
          </Text>
        </Group>
      </footer>
    </Box>
  );
}

/** The shell with a loading state in the page area, while the first page visited is fetched. */
export function ShellLoading() {
  return (
    <Shell>
      <PageLoading />
    </Shell>
  );
}
