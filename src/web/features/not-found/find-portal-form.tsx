import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { findPortalsContract, type PortalMatch, portalSearchQuerySchema } from '../../../shared/contract';
import { commonMessages } from '../../../shared/messages';
import { FailureAlert } from '../../components/form-alerts';
import { callApi } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';

/**
 * 'Find your parking portal' for a visitor lost on a bare host: a search by operator name that
 * links to each matching operator's own address (the server answers only names and addresses).
 */
export function FindPortalForm() {
  const [matches, setMatches] = useState<PortalMatch[] | null>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: portalSearchQuerySchema,
    initialValues: { name: '' },
    submit: (values) => callApi(findPortalsContract, { query: values }),
    onSuccess: (result) => setMatches(result),
    describeError: (error) => (error as Error).message,
  });
  return (
    <Card withBorder padding="lg" maw={560} w="100%" component="section" aria-labelledby="find-portal-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="find-portal-title">
          {commonMessages.findPortalTitle}
        </Title>
        <Text>{commonMessages.findPortalIntro}</Text>
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={commonMessages.findPortalLabel}
              autoComplete="organization"
              maxLength={100}
              style={{ flex: '1 1 220px' }}
              {...form.getInputProps('name')}
              name="name"
            />
            <Button type="submit" loading={isSubmitting}>
              {commonMessages.findPortalButton}
            </Button>
          </Group>
        </form>
        <FailureAlert message={formError} />
        {matches !== null && matches.length === 0 && (
          <Text role="status" data-testid="no-portals">
            {commonMessages.noPortalsFound}
          </Text>
        )}
        {matches !== null && matches.length > 0 && (
          <Stack component="ul" gap="xs" className="plain-list" aria-label={commonMessages.findPortalResults}>
            {matches.map((match) => (
              <li key={match.url}>
                <Anchor href={match.url} fw={600}>
                  {match.name}
                </Anchor>
                <Text size="sm" c="dimmed" className="break-anywhere">
                  {match.url.replace(/^https?:\/\//, '')}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
