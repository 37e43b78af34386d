import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fillMessage } from '../../../shared/messages/fill';
import { paths } from '../../app/page-paths';
import { ApiError } from '../../lib/api-client';
import { clearOperatorToken } from '../operator/operator-session';
import { EmptyText } from './data-table';

/**
 * The states of a console query, shared by every console section: a failed query's banner, a
 * labelled spinner, a list's empty text, and the previous/next pager of a server-paginated table.
 */

/** A 401 means the operator's token is gone (expired, revoked): there is nothing to show but sign-in. */
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A failed query's message; a signed-out operator goes back to sign-in instead, to return here
 * afterwards (as the console frame sends them, so whichever of the two acts first, the end is one).
 */
export function QueryError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (!error) return null;
  if (isSignedOut(error)) {
    clearOperatorToken();
    return <Navigate to={paths.console.login()} replace state={{ from: pathname }} />;
  }
  return (
    <Alert color="red" role="alert">
      {(error as Error).message}
    </Alert>
  );
}

/**
 * A list's query in one place: the spinner while it loads, the server's message when it fails,
 * the empty text when there is nothing, and the list itself otherwise.
 */
export function QueryState(props: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  // Signed out wins over a refetch that is still loading.
  if (isSignedOut(props.error)) return <QueryError error={props.error} />;
  if (props.isLoading) {
    return (
      <Stack align="center" py="xl">
        <Loader aria-label={props.loadingLabel} />
      </Stack>
    );
  }
  if (props.error) return <QueryError error={props.error} />;
  if (props.isEmpty) return <EmptyText>{props.emptyText}</EmptyText>;
  return <>{props.children}</>;
}

/** Previous/next through a server-paginated table; hidden while everything fits on page one. */
export function Pager(props: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  labels: { previousPage: string; nextPage: string; pageLabel: string };
}) {
  const { page, hasMore, onPage, labels } = props;
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={fillMessage(labels.pageLabel, { page })}>
      <Group justify="space-between">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {labels.previousPage}
        </Button>
        <Text aria-live="polite">{fillMessage(labels.pageLabel, { page })}</Text>
        <Button variant="default" disabled={!hasMore} onClick={() => onPage(page + 1)}>
          {labels.nextPage}
        </Button>
      </Group>
    </nav>
  );
}
