import { Alert, Button, Group, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { centsSchema } from '../../../../shared/contract';
import { fillMessage } from '../../../../shared/messages/fill';
import { parseDollars } from '../../../../shared/rules/notice-csv';
import { ApiError } from '../../../lib/api-client';
import { clearOperatorToken } from '../../operator/operator-session';

/**
 * Small pieces the console's notices and customers pages share: a failed query's banner (an
 * expired session goes back to sign-in), the previous/next pager of a server-paginated table, and
 * the dollars field of a form.
 */
export function QueryError({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 401) {
    clearOperatorToken();
    return <Navigate to="/dashboard/login" replace />;
  }
  return (
    <Alert color="red" role="alert">
      {(error as Error).message}
    </Alert>
  );
}

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

/** A form's dollars field ('45', '45.50', '$1,045.50'): blank is null, anything else cents. */
export const dollarsFieldSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const cents = parseDollars(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: 'Enter dollars and cents, like 45.00' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(centsSchema.nullable());

/** Cents as a form shows them to edit ('45.00'), '' for none. */
export const dollarsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

/** A notice status's badge colour: light tints with dark text, readable on any brand. */
export const statusBadgeColor = (status: string) =>
  status === 'Paid' || status === 'Paid off platform' ? 'green' : status === 'Void' ? 'gray' : 'blue';
