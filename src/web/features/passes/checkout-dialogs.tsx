import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { checkAccessCodeContract, passCodeInputSchema } from '../../../shared/contract';
import { formatPassMessage, passMessages, passScreenMessages } from '../../../shared/messages';
import { DialogActions } from '../../components/dialog-actions';
import { FailureAlert } from '../../components/form-alerts';
import { contractMutation } from '../../lib/contract-query';
import { asOptionalCustomer } from '../accounts/api';

/** Section 5's residency rule (e.g. Hawaii residents only): 'Registration Error'. */
export function RegistrationErrorDialog(props: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={Boolean(props.message)}
      onClose={props.onClose}
      title={passMessages.residencyErrorTitle}
      centered
      closeButtonProps={{ 'aria-label': passScreenMessages.close }}
    >
      <Stack gap="md">
        <Text data-testid="registration-error">{props.message}</Text>
        <Button onClick={props.onClose} style={{ alignSelf: 'flex-end' }}>
          {passScreenMessages.ok}
        </Button>
      </Stack>
    </Modal>
  );
}

/** Section 8's maximum permits modal: registration is blocked. */
export function MaxPermitsDialog(props: { isOpen: boolean; count: number | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.isOpen}
      onClose={props.onClose}
      title={passMessages.maxPermitsTitle}
      centered
      closeButtonProps={{ 'aria-label': passScreenMessages.close }}
    >
      <Stack gap="md">
        <Text data-testid="max-permits">
          {formatPassMessage(passMessages.maxPermitsBody, { count: props.count ?? '' })}
        </Text>
        <Button onClick={props.onClose} style={{ alignSelf: 'flex-end' }}>
          {passScreenMessages.ok}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * In place of the form when a signed-in customer already holds the maximum number of passes
 * (issue 27): the modal's words on opening the product, before any field is filled, with the way
 * to their passes. The server still refuses an issue past the maximum (a pass bought meanwhile).
 */
export function MaxPermitsNotice({ count }: { count: number }) {
  return (
    <Alert
      color="yellow"
      c="dark.9"
      role="alert"
      data-testid="max-permits-notice"
      title={passMessages.maxPermitsTitle}
    >
      <Stack gap="xs" align="flex-start">
        <Text inherit>{formatPassMessage(passMessages.maxPermitsBody, { count })}</Text>
        <Anchor component={Link} to="/permits/dashboard" inherit className="alert-link">
          {passScreenMessages.seeMyPasses}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * A product sold only with an access code asks for one before the checkout is sent; the code is
 * checked (not used) here and consumed by the issue itself.
 */
export function AccessCodeDialog(props: {
  isOpen: boolean;
  productUuid: string;
  problem: string | null;
  onClose: () => void;
  onAccepted: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  // An empty code is caught before any call; a refused one is the check's error.
  const [problem, setProblem] = useState<string | null>(null);
  const checking = useMutation({
    ...contractMutation(checkAccessCodeContract, asOptionalCustomer),
    onSuccess: (_answer, input) => props.onAccepted(input.params.code),
  });
  const shown = problem ?? (checking.isError ? passMessages.invalidAccessCode : null) ?? props.problem;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const normalised = passCodeInputSchema.parse(code);
    if (!normalised) {
      setProblem(passMessages.codeRequired);
      return;
    }
    setProblem(null);
    checking.mutate({ params: { id: props.productUuid, code: normalised } });
  }

  return (
    <Modal
      opened={props.isOpen}
      onClose={props.onClose}
      title={passScreenMessages.accessCodeTitle}
      centered
      closeButtonProps={{ 'aria-label': passScreenMessages.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{passScreenMessages.accessCodeIntro}</Text>
          <FailureAlert message={shown} testId="access-code-error" />
          <TextInput
            label={passScreenMessages.accessCodeLabel}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setProblem(null);
              // A new code is not the refused one; a check under way keeps its busy button.
              if (checking.isError) checking.reset();
            }}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            required
            data-autofocus
          />
          <DialogActions
            cancelLabel={passScreenMessages.cancel}
            onCancel={props.onClose}
            submitLabel={passScreenMessages.accessCodeSubmit}
            isSubmitting={checking.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
