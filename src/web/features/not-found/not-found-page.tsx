import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { commonMessages } from '../../../shared/messages/common';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FindPortalForm } from './find-portal-form';

export function NotFoundPage() {
  const brand = useBrand();
  return (
    <Stack align="center" py="xl" gap="lg">
      <Title order={1} size="h2" ta="center">
        {commonMessages.notFound}
      </Title>
      {brand ? (
        <Button component={Link} to={paths.home()} variant="light">
          {commonMessages.goHome}
        </Button>
      ) : (
        <FindPortalForm />
      )}
    </Stack>
  );
}
