import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { FailureAlert } from '../../../components/form-alerts';
import { DENY_RED } from '../../operator/colors';

/**
 * A confirmation for something that cannot be undone (revoke, refund, cancel): the action runs
 * once (a mutation: the button is busy meanwhile, so a double click sends one request) and its
 * error is shown in the dialog, which stays open to try again.
 */
export function ConfirmDialog(props: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  color?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const action = useMutation({ mutationFn: props.onConfirm, onSuccess: props.onClose });

  return (
    <Dialog title={props.title} onClose={props.onClose} closeLabel={props.cancelLabel}>
      <Stack gap="md">
        <Text>{props.body}</Text>
        {props.children}
        <FailureAlert message={action.error?.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {props.cancelLabel}
          </Button>
          <Button
            color={props.color ?? DENY_RED}
            loading={action.isPending}
            onClick={() => {
              if (!action.isPending) action.mutate();
            }}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
