import { Button, Group } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FailureAlert } from './form-alerts';

/**
 * A short form laid out as one row: its fields, then its submit button level with the inputs
 * (below their labels), wrapping on a narrow screen; its failure under the row, then whatever
 * the last submission produced (`outcome`).
 */
export function InlineForm({
  onSubmit,
  submitLabel,
  isSubmitting,
  failure,
  outcome,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  isSubmitting: boolean;
  failure: ReactNode;
  outcome?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {children}
        <Button type="submit" loading={isSubmitting} mt={25}>
          {submitLabel}
        </Button>
      </Group>
      <FailureAlert message={failure} mt="sm" />
      {outcome}
    </form>
  );
}
