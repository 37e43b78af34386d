import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons closing a dialog's form, at its end: cancel, which closes it unchanged, then the
 * submit button, busy while the submission runs. `color` marks a submission that cannot be undone.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  isSubmitting,
  color,
}: {
  cancelLabel: ReactNode;
  onCancel: () => void;
  submitLabel: ReactNode;
  isSubmitting: boolean;
  color?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
