import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { commonMessages, portalTitle } from '../../shared/messages';
import { useBrand } from './brand';
import { useDocumentTitle } from './use-document-title';

/** Header with the tenant's logo and title, the page, and a footer with legal links and version. */
export function Shell() {
  const brand = useBrand();
  const title = portalTitle(brand?.brandTitle);
  useDocumentTitle(title);
  return (
    <Box className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="brand-header">
        <Link to="/" className="brand-header__home">
          {brand?.logoUrl && <img className="brand-header__logo" src={brand.logoUrl} alt="" />}
          <span className="brand-header__title">{title}</span>
        </Link>
      </header>
      <Container component="main" id="main-content" size="lg" py="lg" className="app-main" tabIndex={-1}>
        <Outlet />
      </Container>
      <footer className="app-footer">
        <Group justify="center" gap="md" wrap="wrap">
          <Anchor component={Link} to="/privacy" size="sm">
            {commonMessages.privacy}
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
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
