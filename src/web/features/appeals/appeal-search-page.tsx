import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { appealMessages, citationMessages, withSupport } from '../../../shared/messages';
import { normaliseSearchTerm } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import { findAppealableCitation } from './api';

function searchErrorText(error: unknown, contactEmail: string | null | undefined): string {
  if (error instanceof ApiError && error.status === 404) return appealMessages.notAppealable;
  if (error instanceof ApiError && error.status === 403) return appealMessages.windowExpired;
  return withSupport(citationMessages.searchError, contactEmail);
}

/** /noticeappeal: find the notice to appeal by its number; the server says whether it can be. */
export function AppealSearchPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIsSearching(true);
    try {
      const citation = await findAppealableCitation(normaliseSearchTerm(value));
      navigate(`/noticeappeal/${citation.uuid}`);
    } catch (caught) {
      setError(searchErrorText(caught, brand?.contactEmail));
    } finally {
      setIsSearching(false);
    }
  }

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1}>{appealMessages.searchTitle}</Title>
      <Card withBorder padding="lg" component="section" aria-label={appealMessages.searchTitle}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={appealMessages.noticeNumberLabel}
              name="noticeNumber"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              size="md"
            />
            <Button type="submit" loading={isSearching} style={{ alignSelf: 'flex-start' }}>
              {appealMessages.search}
            </Button>
          </Stack>
        </form>
      </Card>
      {error && (
        <Alert color="red" role="alert" data-testid="appeal-search-error">
          <Text>{error}</Text>
        </Alert>
      )}
    </Stack>
  );
}
