import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { clearOperatorToken } from '../../operator/operator-session';

/**
 * The loading, failed and empty states every console list shares: a labelled spinner, the
 * server's message (a signed-out operator goes back to sign-in), or the list's empty text.
 */
export function QueryState(props: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  if (props.error instanceof ApiError && props.error.status === 401) {
    clearOperatorToken();
    return <Navigate to="/dashboard/login" replace />;
  }
  if (props.isLoading) {
    return (
      <Stack align="center" py="xl">
        <Loader aria-label={props.loadingLabel} />
      </Stack>
    );
  }
  if (props.error) {
    return (
      <Alert color="red" role="alert">
        {(props.error as Error).message}
      </Alert>
    );
  }
  if (props.isEmpty) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {props.emptyText}
      </Text>
    );
  }
  return <>{props.children}</>;
}
