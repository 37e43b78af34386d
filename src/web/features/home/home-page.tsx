import { Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { portalTitle } from '../../../shared/messages/common';
import { useBrand } from '../../app/brand';
import { NoticeSearchForm } from './notice-search-form';
import { RegisterPassBlock } from './register-pass-block';

/** The tenant's landing page: pass registration and notice search as the brand allows. */
export function HomePage() {
  const brand = useBrand();
  if (!brand) return <Navigate to="/404" replace />;
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <Title order={1}>{portalTitle(brand.brandTitle)}</Title>
      {brand.header1 && <Text size="lg">{brand.header1}</Text>}
      {!brand.isCitationOnly && <RegisterPassBlock brand={brand} />}
      {!brand.isPermitOnly && <NoticeSearchForm brand={brand} />}
    </Stack>
  );
}
