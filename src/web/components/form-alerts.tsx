import { Alert, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Why the last submission or action failed, announced at once (role="alert"); nothing when it
 * did not fail. One banner for every screen, so a failure looks and reads the same everywhere.
 * `testId` names the banner for browser tests that tell one screen's failure from another's; `mt`
 * sets it apart from a row of fields above it.
 */
export function FailureAlert({
  message,
  testId,
  mt,
}: {
  message: ReactNode;
  testId?: string;
  mt?: MantineSpacing;
}) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} mt={mt}>
      {message}
    </Alert>
  );
}

/**
 * What the last submission did when it went through (role="status", read when idle); nothing
 * while there is a failure to show instead, or before anything was saved.
 */
export function SavedAlert({
  message,
  isShown,
  failure,
}: {
  message: ReactNode;
  isShown: boolean;
  failure?: ReactNode;
}) {
  if (!isShown || failure) return null;
  return (
    <Alert color="green" role="status">
      {message}
    </Alert>
  );
}
