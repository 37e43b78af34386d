import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DENY_RED } from '../../operator/colors';

/**
 * A confirmation for something that cannot be undone (revoke, refund, cancel): the action runs
 * once (the button is busy meanwhile, so a double click sends one request) and its error is
 * shown in the dialog.
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
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await props.onConfirm();
      props.onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.cancelLabel }}
    >
      <Stack gap="md">
        <Text>{props.body}</Text>
        {props.children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {props.cancelLabel}
          </Button>
          <Button color={props.color ?? DENY_RED} loading={isBusy} onClick={confirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
