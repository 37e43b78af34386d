import { Button, Card, Group, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BrandDetails } from '../../../shared/contract/brand';
import { noticeSearchMessages } from '../../../shared/messages/home';
import { normaliseSearchTerm } from '../../../shared/rules/search-normalisation';
import { paths } from '../../app/page-paths';

/** The search label varies with the brand (part 1 section 2, Home). */
export function searchLabel(brand: BrandDetails | null): string {
  if (!brand) return noticeSearchMessages.searchLabelNoBrand;
  return brand.isViolationAndNotNotice
    ? noticeSearchMessages.searchLabelViolation
    : noticeSearchMessages.searchLabelNotice;
}

/**
 * One box takes a notice number or a plate. A number is tried first: when a notice has that
 * number the list opens by number, otherwise by plate. The list page reuses the cached answer.
 */
export function NoticeSearchForm({ brand }: { brand: BrandDetails | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the field itself, not from state: on a server-rendered page the visitor may have
    // typed before the app took over, and an uncontrolled field keeps what was typed (decision 158).
    const term = normaliseSearchTerm(String(new FormData(event.currentTarget).get('search') ?? ''));
    if (!term) {
      setError(noticeSearchMessages.enterSearch);
      return;
    }
    setError(null);
    setIsSearching(true);
    try {
      // Loaded on the first search: the contracts and zod stay out of the landing page's first load.
      const { prefetchCitationSearch } = await import('../citations/api');
      const byNumber = await prefetchCitationSearch(
        queryClient,
        { citationNumber: term },
        brand?.subdomain,
      ).catch(() => []);
      const param = byNumber.length > 0 ? 'citationid' : 'plate';
      navigate(paths.citations({ [param]: term }));
    } finally {
      setIsSearching(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label={noticeSearchMessages.search}>
      {/* Before the app takes over a server-rendered page, the browser submits this form itself:
          the server answers GET /citations?search= as the app would (decision 158). */}
      <form onSubmit={onSubmit} noValidate method="get" action={paths.citations()}>
        <TextInput
          label={searchLabel(brand)}
          name="search"
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          size="md"
        />
        <Group mt="md" gap="sm">
          <Button type="submit" loading={isSearching}>
            {noticeSearchMessages.search}
          </Button>
          <Button component={Link} to={paths.appealSearch()} variant="outline">
            {noticeSearchMessages.disputeNotice}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
